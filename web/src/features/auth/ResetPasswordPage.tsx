// Placeholder until the page is written.
export default function ResetPasswordPage() {
  return <p>ResetPasswordPage</p>;
}
