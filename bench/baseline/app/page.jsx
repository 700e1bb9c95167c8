export default function Page() {
  return (
    <main>
      <h1>Baseline</h1>
      <p>A trivial static page: what this Next.js version serves when it does nothing.</p>
    </main>
  );
}
