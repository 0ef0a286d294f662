// Placeholder until the page is written.
export default function ActivatedPage() {
  return <p>ActivatedPage</p>;
}
