// ESLint over the phone app's modules (static/js): .ci/run runs it (`npm run lint`).
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["static/js/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.browser } },
    rules: {
      "no-unused-vars": ["error", { args: "none", caughtErrors: "none", ignoreRestSiblings: true }],
      eqeqeq: ["error", "smart"],
      "no-var": "error",
      "prefer-const": "error",
      "no-shadow": "off",
      // Every call to the server goes through api.js (one reply shape, one NetworkError, the token header).
      "no-restricted-globals": ["error", { name: "fetch", message: "Call the server with api() from static/js/api.js." }],
    },
  },
  {
    // api.js is the client; pwa.js asks only whether the server answers at all (a HEAD, no reply to read).
    files: ["static/js/api.js", "static/js/pwa.js"],
    rules: { "no-restricted-globals": "off" },
  },
];
