import { useParams } from 'react-router';
import { SigningScreen } from '../components/signing-screen.tsx';

/** /assinar/:token inside the app (in development); the production server serves it as a page of its own (decision 0630). */
export default function SignPage() {
  const { token = '' } = useParams();
  return <SigningScreen token={token} />;
}
