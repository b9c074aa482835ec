// The system module's one public entry: other modules and the app import only this file.

export { clientLogRoutes, healthRoutes, publicSettingsRoutes } from "./routes.ts";
