import type { AnswerGuard, AnswerSupplement } from "./answer-supplements.ts";
import { createInterviewAnswers } from "./answers.ts";
import { createAssembly } from "./assembly.ts";
import { createInterviewScope } from "./interview-scope.ts";
import { createRelaunch } from "./relaunch.ts";
import type { InterviewServiceDeps } from "./service-deps.ts";

// The interview service, a small facade over its jobs, each in its own file: the document scope,
// the action token and the shared refusals (interview-scope.ts), the interview page's calls
// (answers.ts), assembly (assembly.ts) and relaunch (relaunch.ts). A document's files, versions
// and downloads are the documents module's (its downloads.ts and versions.ts).

export type InterviewService = ReturnType<typeof createInterviewService>;
export type { InterviewServiceDeps } from "./service-deps.ts";

/**
 * The document interview and assembly (interview spec §2, §4, §7).
 * Every call acts on one document the actor can see in their firm (anything else is 404 'Invalid
 * document.'); changes to the document itself go through the documents module, in this module's
 * transactions, so status changes are logged with them.
 */
export function createInterviewService(deps: InterviewServiceDeps) {
  const scope = createInterviewScope(deps);
  const answers = createInterviewAnswers(deps, scope);
  const assembly = createAssembly(deps, scope);
  const relaunch = createRelaunch(deps, scope);

  return {
    /** Adds a module's answers to every later assembly (see `AnswerSupplement`); at start-up. */
    registerAnswerSupplement(supplement: AnswerSupplement) {
      scope.supplements.push(supplement);
    },

    /** Gives a module its say over every later save of answers (see `AnswerGuard`); at start-up. */
    registerAnswerGuard(guard: AnswerGuard) {
      scope.answerGuards.push(guard);
    },

    issueToken: answers.issueToken,
    interview: answers.interview,
    interviewToChange: answers.interviewToChange,
    save: answers.save,
    reset: answers.reset,
    preview: answers.preview,
    assemble: assembly.assemble,
    relaunch: relaunch.relaunch,
    relaunchOffer: relaunch.offer,
    moveToCurrentVersion: relaunch.moveToCurrent,
  };
}
