// Placeholder until the page is written.
export default function ActivationInvalidPage() {
  return <p>ActivationInvalidPage</p>;
}
