import { Card } from '../ui/card.tsx';
import { CommentThread } from './comment-thread.tsx';
import { MyTasks } from './my-tasks.tsx';

/**
 * What /empresa shows under 'Primeiros passos' (decision 0132): 'Minhas tarefas' and the
 * company's own comment thread ('Recados da equipe', entity `company`), side by side on desktop.
 */
export function CompanyCollaboration({ companyId }: { companyId: string }) {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
      <MyTasks />
      <Card className="p-6">
        <CommentThread entityType="company" entityId={companyId} title="Recados da equipe" />
      </Card>
    </div>
  );
}
