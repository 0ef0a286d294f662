// Placeholder until the page is written.
export default function LoginPage() {
  return <p>LoginPage</p>;
}
