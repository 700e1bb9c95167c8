export const dynamic = "force-dynamic";
export default async function Page({ searchParams }) {
  const { q } = await searchParams;
  return (
    <main>
      <h1>Dynamic baseline</h1>
      <p>Rendered on every request: {q}</p>
    </main>
  );
}
