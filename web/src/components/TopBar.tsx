// Placeholder until the top bar is written.
export function TopBar() {
  return <header>Turnout</header>;
}
