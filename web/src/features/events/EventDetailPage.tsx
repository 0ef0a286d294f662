// Placeholder until the page is written.
export default function EventDetailPage() {
  return <p>EventDetailPage</p>;
}
