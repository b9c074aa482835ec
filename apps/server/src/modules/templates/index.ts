// The templates module's one public entry: other modules and the app import only this file.

export { createTemplateLibrary, type TemplateLibrary, templateName } from "./library.ts";
