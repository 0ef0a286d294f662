// Placeholder until the page is written.
export default function CreateEventPage() {
  return <p>CreateEventPage</p>;
}
