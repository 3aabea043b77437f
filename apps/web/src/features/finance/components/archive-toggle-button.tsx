import { Archive, ArchiveRestore } from 'lucide-react';
import { toast } from 'sonner';
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
