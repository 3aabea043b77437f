import { Plus } from 'lucide-react';
import { Button, type ButtonProps } from './button.tsx';

/** A button that starts a new record, behind a plus: '+ Novo contrato', '+ Cadastrar o primeiro contrato'. */
export function AddButton({ children, ...props }: ButtonProps) {
  return (
    <Button {...props}>
      <Plus aria-hidden /> {children}
    </Button>
  );
}
