import { Archive, ArchiveRestore, Pencil } from 'lucide-react';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';

type Props = {
  name: string;
  archived: boolean;
  /** Runs the update and answers the error message to show, or null when it worked. */
  toggle: () => Promise<string | null>;
};

/** The registers' archive/reactivate icon button: one label, icon and error toast for every list. */
export function ArchiveToggleButton({ name, archived, toggle }: Props) {
  return (
    <Button
      size="sm"
      variant="ghost"
      aria-label={archived ? `Reativar ${name}` : `Arquivar ${name}`}
      onClick={async () => {
        const error = await toggle();
        if (error) toast.error(error);
      }}
    >
      {archived ? <ArchiveRestore aria-hidden /> : <Archive aria-hidden />}
    </Button>
  );
}

/** A register row's edit (or rename) and archive buttons. */
export function EditArchiveButtons({ onEdit, editVerb = 'Editar', ...archive }: Props & { onEdit: () => void; editVerb?: string }) {
  return (
    <>
      <Button size="sm" variant="ghost" aria-label={`${editVerb} ${archive.name}`} onClick={onEdit}>
        <Pencil aria-hidden />
      </Button>
      <ArchiveToggleButton {...archive} />
    </>
  );
}
