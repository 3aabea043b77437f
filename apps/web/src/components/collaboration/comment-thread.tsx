import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useLiveEntity } from '../../lib/live/entity-events.ts';
import { MessageSquare } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { Comment } from '@sede/shared/platform/collaboration';
import { COMMENT_MAX_LENGTH, splitMentions } from '@sede/shared/platform/collaboration-rules';
import { ApiError } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/session/auth-provider.tsx';
import { Button } from '../ui/button.tsx';
import { useConfirm } from '../ui/confirm-dialog.tsx';
import { relativeTime } from '@sede/shared/format';
import { collaborationKeys, commentsQueryOptions, createComment, deleteComment, updateComment } from './collaboration-api.ts';
import { fromBody, MentionTextarea, toBody, type PickedMention } from './mention-textarea.tsx';

const errorText = (e: unknown) => (e instanceof ApiError ? e.message : 'Não foi possível salvar o comentário. Tente novamente.');

function CommentBody({ body, selfId }: { body: string; selfId?: string }) {
  return (
    <p className="whitespace-pre-wrap break-words text-sm text-slate-800">
      {splitMentions(body).map((part, i) =>
        'text' in part ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one body never move
          <span key={i}>{part.text}</span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one body never move
          <strong key={i} className={part.userId === selfId ? 'rounded bg-amber-100 px-0.5 text-amber-900' : 'text-[var(--color-accent)]'}>
            @{part.name}
          </strong>
        ),
      )}
    </p>
  );
}

/** The composer: a labelled mention textarea and its submit; Ctrl+Enter sends. */
function Composer(props: { label: string; initial?: string; submitLabel: string; pending: boolean; error?: string; onSubmit: (body: string) => void; onCancel?: () => void }) {
  const start = fromBody(props.initial ?? '');
  const [text, setText] = useState(start.text);
  const [mentions, setMentions] = useState<PickedMention[]>(start.mentions);
  const id = useId();
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!text.trim()) return;
    props.onSubmit(toBody(text, mentions));
  };
  return (
    <form onSubmit={submit} className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {props.label}
      </label>
      <MentionTextarea
        id={id}
        value={text}
        onChange={setText}
        mentions={mentions}
        onMentionsChange={setMentions}
        maxLength={COMMENT_MAX_LENGTH}
        placeholder="Escreva um comentário. Use @ para mencionar alguém."
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
        }}
      />
      {props.error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {props.error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm" pending={props.pending} disabled={!text.trim()}>
          {props.submitLabel}
        </Button>
        {props.onCancel && (
          <Button type="button" size="sm" variant="ghost" onClick={props.onCancel}>
            Cancelar
          </Button>
        )}
      </div>
    </form>
  );
}

function CommentItem({ comment, entityType, entityId }: { comment: Comment; entityType: string; entityId: string }) {
  const { user } = useAuth();
  const qc = useQueryClient();
  const confirm = useConfirm();
  const [editing, setEditing] = useState(false);
  const refresh = () => qc.invalidateQueries({ queryKey: collaborationKeys.comments(entityType, entityId) });
  const edit = useMutation({ mutationFn: (body: string) => updateComment(comment.id, body), onSuccess: () => (setEditing(false), refresh()) });
  const remove = useMutation({ mutationFn: () => deleteComment(comment.id), onSuccess: refresh });
  const when = new Date(comment.createdAt);
  return (
    <li className="grid gap-1 py-3" data-testid="comment">
      <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="font-medium text-slate-900">{comment.author?.name ?? 'Pessoa removida'}</span>
        <time dateTime={comment.createdAt} title={when.toLocaleString('pt-BR')} className="text-xs text-slate-600">
          {relativeTime(comment.createdAt)}
        </time>
        {comment.editedAt && <span className="text-xs text-slate-600">(editado)</span>}
      </div>
      {editing ? (
        <Composer
          label="Editar comentário"
          initial={comment.body}
          submitLabel="Salvar"
          pending={edit.isPending}
          error={edit.error ? errorText(edit.error) : undefined}
          onSubmit={(body) => edit.mutate(body)}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <CommentBody body={comment.body} selfId={user?.id} />
      )}
      {!editing && (comment.canEdit || comment.canDelete) && (
        <div className="flex gap-1">
          {comment.canEdit && (
            <Button variant="link" size="sm" className="h-auto" onClick={() => setEditing(true)}>
              Editar
            </Button>
          )}
          {comment.canDelete && (
            <Button
              variant="link"
              size="sm"
              className="h-auto text-red-700"
              pending={remove.isPending}
              onClick={async () => {
                if (await confirm.ask({ title: 'Excluir este comentário?', description: 'Ele some da conversa para todos.', confirmLabel: 'Excluir', destructive: true })) remove.mutate();
              }}
            >
              Excluir
            </Button>
          )}
        </div>
      )}
      {remove.error && (
        <p role="alert" className="text-sm text-red-700">
          {errorText(remove.error)}
        </p>
      )}
      {confirm.dialog}
    </li>
  );
}

/**
 * The comments of any entity (decision 0130): the composer with @-mentions on top, then the
 * thread, newest first, with older pages on demand. `<CommentThread entityType="deal" entityId={id} />`
 */
export function CommentThread({ entityType, entityId, title = 'Comentários' }: { entityType: string; entityId: string; title?: string }) {
  const qc = useQueryClient();
  const headingId = useId();
  const [composerKey, setComposerKey] = useState(0);
  const comments = useInfiniteQuery(commentsQueryOptions(entityType, entityId));
  // Others' comments on this thread appear without a reload (the server announces `type:id`).
  useLiveEntity('comments', (e) => {
    if (e.id === '*' || e.id === `${entityType}:${entityId}`) void qc.invalidateQueries({ queryKey: collaborationKeys.comments(entityType, entityId) });
  });
  const create = useMutation({
    mutationFn: (body: string) => createComment(entityType, entityId, body),
    onSuccess: () => {
      setComposerKey((k) => k + 1);
      return qc.invalidateQueries({ queryKey: collaborationKeys.comments(entityType, entityId) });
    },
  });
  const list = comments.data?.pages.flatMap((p) => p.comments) ?? [];
  return (
    <section aria-labelledby={headingId} className="grid gap-3" data-testid="comment-thread">
      <h3 id={headingId} className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <MessageSquare className="size-4" aria-hidden /> {title}
      </h3>
      <Composer
        key={composerKey}
        label="Novo comentário"
        submitLabel="Comentar"
        pending={create.isPending}
        error={create.error ? errorText(create.error) : undefined}
        onSubmit={(body) => create.mutate(body)}
      />
      {comments.isError && (
        <p role="alert" className="text-sm text-red-700">
          Não foi possível carregar os comentários.
        </p>
      )}
      {comments.isSuccess && list.length === 0 && <p className="text-sm text-slate-600">Nenhum comentário ainda. Escreva o primeiro.</p>}
      {list.length > 0 && (
        <ul className="divide-y divide-slate-100">
          {list.map((c) => (
            <CommentItem key={c.id} comment={c} entityType={entityType} entityId={entityId} />
          ))}
        </ul>
      )}
      {comments.hasNextPage && (
        <Button variant="secondary" size="sm" className="justify-self-start" pending={comments.isFetchingNextPage} onClick={() => comments.fetchNextPage()}>
          Carregar comentários anteriores
        </Button>
      )}
    </section>
  );
}
