/** Placeholder until this page is built (issue 18). */
export default function Page() {
  return (
    <div className="mx-auto max-w-5xl p-6">
      <h1 className="text-2xl font-semibold">Empresa cliente</h1>
      <p className="mt-2 text-muted-foreground">nada por aqui ainda</p>
    </div>
  );
}
