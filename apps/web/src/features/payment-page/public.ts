/** What other features use of the payment page: the Pix QR code with its copia e cola. */
export { PixCode } from './components/pix-code.tsx';
export { CopyField } from './components/copy-field.tsx';
