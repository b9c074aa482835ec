import type {
  AssistantIntent,
  AssistantQuestion,
  AssistantReply,
  AssistantTemplate,
} from "@precedent/contracts";
import { matchOption } from "./answer-conversion.ts";
import {
  type AskedQuestion,
  applyAnswer,
  currentAnswerText,
  nextQuestion,
  previousQuestion,
  questionAt,
} from "./interviewer.ts";
import {
  type AssistantOutcome,
  type AssistantProvider,
  type AssistantTools,
  type AssistantTurn,
  INITIAL_STATE,
} from "./provider.ts";
import type { ThreadState } from "./schema.ts";

/**
 * The built-in provider: no model and no account, nothing leaves the server. Three roles as the
 * spec names them — the greeter, the templateFinder (proposes the best template and waits for a
 * yes) and the interviewer (one shown question at a time) — with rules for moving between them.
 * While interviewing, it stays the interviewer unless the person asks to stop or to find another
 * template (spec: the interviewer is not left while the user still wants the interview).
 */

export const START_IT = "Yes, start it";
export const SOMETHING_ELSE = "No, something else";
export const SKIP = "Skip";

const GREETING =
  'Hello! Tell me what document you need — for example "a family trust", "Div 7A loan" or "appoint a director" — and I will find the template and help you answer its interview.';

const CONFIRM =
  /^(yes|yeah|yep|yup|sure|ok|okay|please|go ahead|do it|start|start it|sounds good|correct|that's it|that one|perfect)\b/i;
const DECLINE = /^(no|nope|nah|not that|not quite|wrong|something else|another)\b/i;
const SKIP_WORDS = /^(skip|pass|next|later|i don't know|don't know|dont know|not sure|unsure|no idea)\b/i;
const LEAVE_INTERVIEW =
  /\b(stop|cancel|quit|exit) (the )?(interview|questions)\b|\b(find|start|need) (another|a different|a new) (template|document)\b/i;
const BACK =
  /^(please )?(go )?back( please)?[.!]?$|^(go back to |back to )?(the )?(previous|last)( question)?( please)?[.!]?$/i;
const GREETING_WORDS = /^(hi|hello|hey|g'day|good (morning|afternoon|evening))\b[!. ]*$/i;
const HELP = /^(help|what can you do|how does this work)\b/i;
const EXPLAIN = /^(what|why|how|explain|which|who|can you explain)\b.*\?$/i;

type Reply = {
  text: string;
  intent: AssistantIntent;
  template?: AssistantTemplate | null;
  question?: AskedQuestion | null;
  suggestions?: string[];
};

const outcome = (reply: Reply, state: ThreadState, docId: number | null): AssistantOutcome => {
  const asked = reply.question ?? null;
  const question: AssistantQuestion | null = asked && {
    field: asked.path,
    label: asked.label,
    kind: asked.kind,
    options: asked.options ? asked.options.map((o) => o.text) : null,
  };
  const full: AssistantReply = {
    text: reply.text,
    intent: reply.intent,
    template: reply.template ?? null,
    doc_id: docId,
    question,
    suggestions: reply.suggestions ?? (asked ? suggestionsFor(asked) : []),
  };
  return { reply: full, state, docId };
};

function suggestionsFor(question: AskedQuestion): string[] {
  const options = question.options?.map((o) => o.text) ?? [];
  return options.length > 0 && options.length <= 8 ? [...options, SKIP] : [SKIP];
}

/** How a question is put in the chat: its label, its help, and the choices when there are few. */
function ask(question: AskedQuestion): string {
  const parts = [question.label.endsWith("?") ? question.label : `${question.label}?`];
  if (question.instruction) parts.push(question.instruction);
  const options = question.options ?? [];
  if (options.length > 0 && options.length <= 8)
    parts.push(`Choices: ${options.map((o) => o.text).join(", ")}.`);
  if (question.kind === "date")
    parts.push('You can say it as you like, e.g. "3rd of March 2026" or "next Friday".');
  return parts.join(" ");
}

const proposalText = (template: AssistantTemplate) =>
  `I suggest "${template.name}". Shall I start a draft of it for you?`;

/** "back", "previous question": the person wants the question before the one asked. */
export const isBackRequest = (text: string) => BACK.test(text.trim());

export function createBuiltInProvider(): AssistantProvider {
  async function propose(
    request: string,
    state: ThreadState,
    tools: AssistantTools,
  ): Promise<AssistantOutcome> {
    const found = await tools.findTemplates(request, 3);
    const [best, ...alternatives] = found;
    if (!best) {
      return outcome(
        {
          text: 'I could not find a template for that. Could you describe the document another way, for example "a unit trust" or "a will"?',
          intent: "unknown",
        },
        { ...state, role: "templateFinder", proposal: null },
        null,
      );
    }
    return outcome(
      { text: proposalText(best), intent: "answer", template: best, suggestions: [START_IT, SOMETHING_ELSE] },
      { ...state, role: "templateFinder", proposal: { template: best, alternatives } },
      null,
    );
  }

  async function findTemplate(turn: AssistantTurn, tools: AssistantTools): Promise<AssistantOutcome> {
    const { text, state } = turn;
    const proposal = state.proposal;
    if (proposal) {
      if (CONFIRM.test(text)) return start(proposal.template, state, tools);
      if (DECLINE.test(text)) {
        // The next best takes the proposal's place, so a later "yes" starts what was last offered.
        const [next, ...rest] = proposal.alternatives;
        if (next) {
          return outcome(
            {
              text: `Then perhaps "${next.name}"? Shall I start it? Or tell me more about the document you need.`,
              intent: "clarify",
              template: next,
              suggestions: [START_IT, ...rest.map((t) => t.name), SOMETHING_ELSE],
            },
            { ...state, proposal: { template: next, alternatives: rest } },
            null,
          );
        }
        return outcome(
          { text: "Tell me more about the document you need, and I will look again.", intent: "clarify" },
          { ...state, proposal: null },
          null,
        );
      }
      // After yes and no: a chip or a typed name of one of the alternatives picks it.
      const named = matchOption(
        text,
        proposal.alternatives.map((t) => ({ value: String(t.id), text: t.name })),
      );
      const picked = named.ok
        ? proposal.alternatives.find((t) => String(t.id) === named.option.value)
        : undefined;
      if (picked) {
        const rest = [proposal.template, ...proposal.alternatives.filter((t) => t.id !== picked.id)];
        return outcome(
          {
            text: proposalText(picked),
            intent: "answer",
            template: picked,
            suggestions: [START_IT, SOMETHING_ELSE],
          },
          { ...state, proposal: { template: picked, alternatives: rest } },
          null,
        );
      }
    }
    return propose(text, state, tools);
  }

  async function start(template: AssistantTemplate, state: ThreadState, tools: AssistantTools) {
    const started = await tools.startDocument(template);
    if (!started.ok) {
      return outcome(
        { text: started.message, intent: "answer", template },
        { ...state, role: "templateFinder", proposal: null },
        null,
      );
    }
    const interview = await tools.readInterview(started.docId);
    const first = nextQuestion(interview.definition, interview.answers, []);
    const fresh: ThreadState = {
      role: "interviewer",
      proposal: null,
      asking: first?.path ?? null,
      skipped: [],
    };
    const text = first
      ? `I have started "${template.name}" as a draft. I will ask its questions one at a time; say "skip" to leave one for later. ${ask(first)}`
      : `I have started "${template.name}" as a draft. Open it to answer its interview.`;
    return outcome({ text, intent: "createDraft", template, question: first ?? null }, fresh, started.docId);
  }

  /** Asks the next question, or says the interview has no more for the chat to ask. */
  function askNext(
    docId: number,
    interview: Awaited<ReturnType<AssistantTools["readInterview"]>>,
    state: ThreadState,
    lead: string,
    intent: AssistantIntent,
  ): AssistantOutcome {
    const next = nextQuestion(interview.definition, interview.answers, state.skipped);
    if (!next) {
      const skippedNote =
        state.skipped.length > 0
          ? ` You skipped ${state.skipped.length} question${state.skipped.length === 1 ? "" : "s"}; they are waiting on the interview page.`
          : "";
      return outcome(
        {
          text: `${lead}That is every question I can ask here.${skippedNote} Open the interview to review your answers, preview and assemble the document.`.trim(),
          intent,
        },
        { ...state, asking: null, revisit: false },
        docId,
      );
    }
    return outcome(
      { text: `${lead}${ask(next)}`, intent, question: next },
      { ...state, asking: next.path, revisit: false },
      docId,
    );
  }

  /** Asks the shown question before the one asked (or the last, when all were asked) again. */
  function goBack(
    docId: number,
    current: Awaited<ReturnType<AssistantTools["readInterview"]>>,
    state: ThreadState,
    asking: AskedQuestion | undefined,
  ): AssistantOutcome {
    const previous = previousQuestion(current.definition, current.answers, state.asking);
    if (!previous) {
      return outcome(
        {
          text: `This is the first question. ${asking ? ask(asking) : ""}`.trim(),
          intent: "clarify",
          question: asking,
        },
        state,
        docId,
      );
    }
    const now = currentAnswerText(current.answers, previous);
    const note =
      now === null
        ? "It has no answer yet."
        : `Your answer now: ${now}. Give a new answer, or say "skip" to keep it.`;
    return outcome(
      { text: `Going back. ${ask(previous)} ${note}`, intent: "answer", question: previous },
      { ...state, asking: previous.path, revisit: true },
      docId,
    );
  }

  async function interview(
    turn: AssistantTurn,
    docId: number,
    tools: AssistantTools,
  ): Promise<AssistantOutcome> {
    const { text, state } = turn;
    if (LEAVE_INTERVIEW.test(text)) {
      return outcome(
        {
          text: "All right, I have stopped asking. Your answers so far are saved. What document do you need next?",
          intent: "answer",
        },
        { ...INITIAL_STATE, role: "templateFinder" },
        null,
      );
    }
    const current = await tools.readInterview(docId);
    const question = state.asking
      ? questionAt(current.definition, current.answers, state.asking, state.revisit === true)
      : undefined;
    if (isBackRequest(text)) return goBack(docId, current, state, question);
    if (!question) return askNext(docId, current, state, "", "answer");

    if (SKIP_WORDS.test(text)) {
      // A question gone back to keeps its answer; one without an answer is left for the page.
      const keep = state.revisit === true && currentAnswerText(current.answers, question) !== null;
      const skipped =
        keep || state.skipped.includes(question.path) ? state.skipped : [...state.skipped, question.path];
      return askNext(
        docId,
        current,
        { ...state, skipped },
        keep ? "Kept your answer. " : "Skipped. ",
        "skip",
      );
    }
    if (EXPLAIN.test(text) && !question.options?.length) {
      const help =
        question.instruction ?? "This is the interview's own question; the interview page shows it too.";
      return outcome({ text: `${help} ${ask(question)}`, intent: "clarify", question }, state, docId);
    }
    const attempt = applyAnswer(current.definition, current.answers, question, text, tools.today());
    if (!attempt.ok) {
      return outcome(
        { text: `${attempt.message} ${ask(question)}`, intent: "clarify", question },
        state,
        docId,
      );
    }
    const saved = await tools.saveAnswers(docId, attempt.answers);
    if (!saved.ok) return outcome({ text: saved.message, intent: "clarify", question }, state, docId);
    return askNext(
      docId,
      { ...current, answers: attempt.answers },
      state,
      `Got it: ${attempt.understood}. `,
      "answer",
    );
  }

  return {
    name: "built-in",

    async greet(docId, tools) {
      if (docId === null) return outcome({ text: GREETING, intent: "answer" }, INITIAL_STATE, null);
      const current = await tools.readInterview(docId);
      const state: ThreadState = { ...INITIAL_STATE, role: "interviewer" };
      return askNext(
        docId,
        current,
        state,
        `Hello! I can help you answer the interview of "${current.name}" one question at a time; say "skip" to leave one for later. `,
        "answer",
      );
    },

    async respond(turn, tools) {
      const { text, state, docId } = turn;
      if (state.role === "interviewer" && docId !== null) return interview(turn, docId, tools);
      if (GREETING_WORDS.test(text) || HELP.test(text))
        return outcome({ text: GREETING, intent: "answer" }, { ...state, role: "greeter" }, null);
      return findTemplate(turn, tools);
    },
  };
}
