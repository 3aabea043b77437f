/** People to tick (a project's members, a task's assignees), in a scrolling box under its legend. */
export function PeopleChecklist({ legend, people, selected, onChange }: { legend: string; people: Array<{ id: string; name: string }>; selected: string[]; onChange: (ids: string[]) => void }) {
  return (
    <fieldset className="grid gap-1">
      <legend className="mb-1 text-sm font-medium text-slate-900">{legend}</legend>
      <div className="grid max-h-32 gap-1 overflow-y-auto rounded-lg border border-slate-200 p-2 sm:grid-cols-2">
        {people.map((p) => (
          <label key={p.id} className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" checked={selected.includes(p.id)} onChange={(e) => onChange(e.target.checked ? [...selected, p.id] : selected.filter((x) => x !== p.id))} />
            {p.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
