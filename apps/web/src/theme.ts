import type { ThemeConfig } from "antd";

/** Calm and professional: deep navy accents on quiet greys. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: "#1f5f8b",
    colorInfo: "#1f5f8b",
    colorSuccess: "#2e7d32",
    colorError: "#c62828",
    colorTextBase: "#1c2833",
    colorBgLayout: "#f3f5f8",
    borderRadius: 8,
    fontFamily:
      "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Card: { headerFontSize: 18 },
    Descriptions: { labelBg: "#f7f9fb" },
  },
};
