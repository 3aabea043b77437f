import { IMPORT_FIELDS, type ImportField, type ImportPreview } from '@sede/shared/crm/contacts';
import { Select } from './select.tsx';

/** The file's first rows under its headers, each header with the field its column goes to ('Ignorar' leaves it out); a field goes to one column at most. */
export function ImportMapping({ preview, mapping, onChange }: { preview: ImportPreview; mapping: Array<ImportField | null>; onChange: (mapping: Array<ImportField | null>) => void }) {
  const mapped = new Set(mapping.filter(Boolean));
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">Prévia das primeiras linhas e campo de cada coluna</caption>
        <thead className="bg-slate-50">
          <tr>
            {preview.headers.map((h, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: headers may repeat; the column's position is its identity
              <th key={`${h}-${i}`} scope="col" className="min-w-40 p-2 align-top font-medium text-slate-900">
                <span className="block truncate">{h || `Coluna ${i + 1}`}</span>
                <Select
                  aria-label={`Campo da coluna ${h || i + 1}`}
                  className="mt-1 h-9"
                  value={mapping[i] ?? ''}
                  onChange={(e) => onChange(mapping.map((f, j) => (j === i ? ((e.target.value || null) as ImportField | null) : f)))}
                >
                  <option value="">Ignorar</option>
                  {Object.entries(IMPORT_FIELDS).map(([k, label]) => (
                    <option key={k} value={k} disabled={mapped.has(k as ImportField) && mapping[i] !== k}>
                      {label}
                    </option>
                  ))}
                </Select>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no id
            <tr key={r} className="border-t border-slate-100">
              {row.map((cell, c) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells have no id
                <td key={c} className="max-w-56 truncate p-2 text-slate-700">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
