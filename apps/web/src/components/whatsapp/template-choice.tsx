import type { WhatsappTemplate } from '@sede/shared/whatsapp/schemas';

/** A template's value in a select: name and language ('boas_vindas|pt_BR'). */
export const templateKey = (t: { name: string; language: string }) => `${t.name}|${t.language}`;

/** The approved templates as a select's options ('boas_vindas (pt_BR)'). */
export function TemplateOptions({ templates }: { templates: readonly WhatsappTemplate[] | undefined }) {
  return templates?.map((t) => (
    <option key={templateKey(t)} value={templateKey(t)}>
      {t.name} ({t.language})
    </option>
  ));
}

/** What the chosen template says: its text header in bold over its body. */
export function TemplatePreview({ template, className }: { template: WhatsappTemplate; className: string }) {
  return (
    <p className={className}>
      {template.header?.format === 'text' && template.header.text && (
        <>
          <strong>{template.header.text}</strong>
          {'\n'}
        </>
      )}
      {template.body}
    </p>
  );
}
