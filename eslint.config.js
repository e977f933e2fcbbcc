// Type-checked lint rules that catch what the compiler does not: promises left floating or
// misused, and conditions that can never change (dead branches, needless `?.`).
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/**", "src/parse/generated/**", "node_modules/**"] },
  {
    files: ["src/**/*.ts"],
    languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { "@typescript-eslint": tseslint.plugin },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/no-unnecessary-condition": "error",
    },
  },
);
