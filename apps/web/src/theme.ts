import type { ThemeConfig } from "antd";

/** Calm and professional: deep navy accents on quiet greys. */
export const theme: ThemeConfig = {
  // A fixed name for the theme's CSS variables (antd takes one from React's useId otherwise, which
  // differs between the page built ahead and the browser's render of it): the styles the sign-in
  // page was built with are then the very ones the live page asks for, and are used as they are.
  cssVar: { key: "precedent-theme" },
  token: {
    colorPrimary: "#1f5f8b",
    colorInfo: "#1f5f8b",
    colorSuccess: "#2e7d32",
    colorError: "#c62828",
    colorTextBase: "#1c2833",
    colorBgLayout: "#f3f5f8",
    // Secondary and tertiary text as solid greys of at least 4.5:1 on white and on the layout's
    // grey (antd's defaults are the base colour at 45% opacity, about 2.7:1: WCAG 1.4.3).
    colorTextSecondary: "#4a5561",
    colorTextTertiary: "#58636e",
    colorTextDescription: "#58636e",
    colorTextPlaceholder: "#66707a",
    colorTextDisabled: "#6f7882",
    colorWarning: "#a86400",
    colorWarningText: "#8a5200",
    borderRadius: 8,
    fontFamily:
      "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Card: { headerFontSize: 18 },
    Descriptions: { labelBg: "#f7f9fb" },
    // Notifications carry only the announcement toast, which stays up to 60 s. It lies above the
    // page but below dialogs (1000), menus and pickers (1050): antd's default (2050) put it over
    // their bottom-right buttons and items, on a phone over the whole width of a dialog's footer.
    Notification: { zIndexPopup: 999 },
  },
};

/**
 * The theme for people who ask their system for less motion (WCAG 2.3.3): dialogs, menus,
 * dropdowns and messages open and close in 10 ms instead of 100 to 300 ms. The motion is
 * shortened rather than turned off (`motion: false`): the components still run it, and take their
 * initial focus at its end; without it, a dialog's field marked autoFocus was left unfocused.
 */
export const reducedMotionTheme: ThemeConfig = {
  ...theme,
  // Its own name: the built sign-in page's variables (full-length motion) must not apply to it.
  cssVar: { key: "precedent-theme-reduced-motion" },
  token: {
    ...theme.token,
    motionDurationFast: "0.01s",
    motionDurationMid: "0.01s",
    motionDurationSlow: "0.01s",
  },
};

/**
 * The gold accent of tags (the owner's role, prices, "Strategist only"): dark gold text on a pale
 * gold ground, 7:1 (antd's gold preset is about 2.7:1).
 */
export const GOLD_TAG_STYLE = { color: "#6e4500", background: "#fff6dc", borderColor: "#e2b64d" } as const;
