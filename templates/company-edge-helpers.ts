/**
 * The company templates' edge-case tests still import this name while those templates are edited in
 * parallel; the helpers themselves are the shared ones in edge-cases.ts.
 */
export { type Answers, answersFor, documentText, issuesOf, loadTemplate, plainText } from "./edge-cases.ts";
