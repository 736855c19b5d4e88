import type { tokens as fluentTokens } from '@fluentui/react-components';

/** Fluent's z-index tokens carry fallbacks (`var(--zIndexPopup, 2000)`) that this module does not reproduce. */
type ZIndexToken = Extract<keyof typeof fluentTokens, `zIndex${string}`>;

export type ThemeTokens = Omit<typeof fluentTokens, ZIndexToken>;

/**
 * Fluent's design tokens for makeStyles, as the same `var(--name)` strings Fluent's `tokens`
 * object holds, made on access: Fluent's object (467 names, about 29 KB) would otherwise ship with
 * every public page. The variables themselves come from FluentProvider (admin) or the public
 * theme stylesheet (PublicRoot).
 */
export const tokens: ThemeTokens = new Proxy({} as ThemeTokens, {
  get: (_target, name) => (typeof name === 'string' ? `var(--${name})` : undefined),
});
