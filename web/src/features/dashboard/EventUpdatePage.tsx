// Placeholder until the page is written.
export default function EventUpdatePage() {
  return <p>EventUpdatePage</p>;
}
