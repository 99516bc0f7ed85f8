/** The Tailwind classes of components/Theme, one string per part of the generated app's look. */
export interface ThemeTokens {
  page: string;
  sidebar: string;
  brand: string;
  navItem: string;
  navItemActive: string;
  card: string;
  heading: string;
  muted: string;
  accent: string;
  link: string;
  primaryButton: string;
  secondaryButton: string;
  input: string;
}
