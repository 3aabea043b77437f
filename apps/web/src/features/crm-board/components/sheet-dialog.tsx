// Moved to components/ui (projects use it too).
export { ScrollDialog } from '../../../components/ui/scroll-dialog.tsx';
