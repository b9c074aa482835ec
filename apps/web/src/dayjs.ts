// Every `import dayjs from "dayjs"` in the web build, ours and antd's date pickers' alike, resolves
// to this file (`resolve.alias` in vite.config.ts), so dates are Australian wherever dayjs is
// used, without the entry file loading dayjs for the pages (sign-in among them) that show no date.
// It takes dayjs's ES build by its own path, which the alias does not catch.
import dayjs from "dayjs/esm/index.js";
import "dayjs/esm/locale/en-au.js";

dayjs.locale("en-au");

export default dayjs;
