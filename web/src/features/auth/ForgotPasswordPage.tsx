// Placeholder until the page is written.
export default function ForgotPasswordPage() {
  return <p>ForgotPasswordPage</p>;
}
