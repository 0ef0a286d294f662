// Placeholder until the page is written.
export default function NotFoundPage() {
  return <p>NotFoundPage</p>;
}
