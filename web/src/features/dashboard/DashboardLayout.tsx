// Placeholder until the page is written.
export default function DashboardLayout() {
  return <p>DashboardLayout</p>;
}
