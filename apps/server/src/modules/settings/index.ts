// The settings module's one public entry: the settings edited in the operator console, over the
// environment's defaults (issue 37 item 4). Other modules and the app import only this file.

export { type EditableConfig, SETTING_DEFINITIONS, SETTING_SECRETS, type SecretsSet } from "./definitions.ts";
export {
  createSettingsStore,
  type SettingChangeMade,
  type SettingsSnapshot,
  type SettingsStore,
} from "./store.ts";
