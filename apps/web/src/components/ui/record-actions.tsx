import { Pencil, Trash2 } from 'lucide-react';
import { Button } from './button.tsx';

/** A record's 'Editar' and 'Excluir' (each only when given: the person may not have the right). */
export function RecordActions({ onEdit, onDelete }: { onEdit?: () => void; onDelete?: () => void }) {
  return (
    <>
      {onEdit && (
        <Button variant="secondary" size="sm" onClick={onEdit}>
          <Pencil aria-hidden /> Editar
        </Button>
      )}
      {onDelete && (
        <Button variant="ghost" size="sm" onClick={onDelete}>
          <Trash2 aria-hidden /> Excluir
        </Button>
      )}
    </>
  );
}
