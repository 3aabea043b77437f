import { DepartmentEmpty } from '../components/department-empty.tsx';

export default function Page() {
  return <DepartmentEmpty department="comercial" />;
}
