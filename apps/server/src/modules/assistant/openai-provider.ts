import type { AssistantIntent, AssistantReply, AssistantTemplate } from "@precedent/contracts";
import { isBackRequest } from "./built-in-provider.ts";
import {
  type AskedQuestion,
  applyAnswer,
  currentAnswerText,
  nextQuestion,
  openQuestions,
  questionAt,
} from "./interviewer.ts";
import type { AssistantOutcome, AssistantProvider, AssistantTools } from "./provider.ts";
import type { ThreadState } from "./schema.ts";

/**
 * The assistant with any model that speaks OpenAI's chat completions (OpenAI, Azure, Ollama, vLLM,
 * llama.cpp's server): one endpoint, `POST {baseUrl}/chat/completions`, with tool calls.
 *
 * The model only talks and picks tools; every tool is one of `AssistantTools`, bound by the service
 * to the person and firm of the request, so the model can do nothing the API would not let that
 * person do. Its answers are not taken as it gives them: `set_answer` passes the text through our
 * own answer conversion and the engine's `validate` (the same `applyAnswer` as the built-in
 * provider) and saves through the interview's own save; a tool call with bad arguments is answered
 * with the error and changes nothing. Any failure of the model (no answer in time, an HTTP error,
 * a reply we cannot read) hands the message to the built-in provider, with a notice in the reply.
 *
 * Plain `fetch` rather than the `openai` package: one endpoint and one JSON shape, no streaming;
 * the package would add a dependency and its own retries, which would multiply our time limit.
 */

export type OpenAiSettings = {
  /** Up to and including the API version, e.g. `https://api.openai.com/v1`. */
  baseUrl: string;
  /** Sent as a bearer token when set (a local Ollama or llama.cpp needs none). */
  apiKey?: string;
  model: string;
  /** The time one request to the model may take. */
  timeoutMs: number;
};

export const MODEL_FALLBACK_NOTICE =
  "(The AI model did not answer, so the built-in assistant replied to this message.)";

/** Tool rounds one message may take before the model's run is given up as a failure. */
const MAX_ROUNDS = 6;
/** The longest reply text kept from the model. */
const MAX_REPLY_LENGTH = 4000;
/** Open questions `read_questions` lists at most. */
const QUESTIONS_LISTED = 15;

/** The tools as the model sees them (JSON Schema, OpenAI's function-tool shape). */
export const OPENAI_TOOLS = [
  {
    type: "function",
    function: {
      name: "find_template",
      description:
        "Searches the firm's catalogue for document templates matching what the person needs. Returns the best matches, best first. Propose one and ask the person to confirm before starting it.",
      parameters: {
        type: "object",
        properties: { request: { type: "string", description: "What the person needs, in their words" } },
        required: ["request"],
        additionalProperties: false,
      },
    },
  },
  {
    type: "function",
    function: {
      name: "start_draft",
      description:
        "Starts a draft of a template proposed in an earlier reply, only after the person has said yes to it. Returns the new document and its first question.",
      parameters: {
        type: "object",
        properties: { template_id: { type: "integer", description: "The id find_template gave" } },
        required: ["template_id"],
        additionalProperties: false,
      },
    },
  },
  {
    type: "function",
    function: {
      name: "read_questions",
      description:
        "Lists the interview questions now shown and not yet answered, in order, with their kind and choices.",
      parameters: { type: "object", properties: {}, additionalProperties: false },
    },
  },
  {
    type: "function",
    function: {
      name: "set_answer",
      description:
        "Saves the person's answer to one shown question. Pass the answer as the person gave it (e.g. 'third of March 2026', 'five', 'a company'); it is converted and checked, and an error is returned if it cannot be accepted.",
      parameters: {
        type: "object",
        properties: {
          field: { type: "string", description: "The question's field, as read_questions gives it" },
          answer: { type: "string", description: "The answer in the person's words" },
        },
        required: ["field", "answer"],
        additionalProperties: false,
      },
    },
  },
  {
    type: "function",
    function: {
      name: "skip_question",
      description:
        "Leaves the question you asked last for later, when the person asks to skip it (an answer it already has is kept). Returns the next question.",
      parameters: {
        type: "object",
        properties: { field: { type: "string", description: "The field of the question you asked last" } },
        required: ["field"],
        additionalProperties: false,
      },
    },
  },
] as const;

const SYSTEM_PROMPT = [
  "You are the assistant of Precedent, an Australian document-assembly product for advisers.",
  "You help the person find a document template and answer its interview one question at a time.",
  "Use find_template to find templates; propose the best one by name and ask whether to start it.",
  "Call start_draft only after the person has said yes to a template you proposed in an earlier reply.",
  "While a document is being interviewed, save each answer with set_answer, then ask the next question the tool gives you.",
  "If the person wants to leave a question for later, call skip_question.",
  "If a tool returns an error, tell the person plainly and ask again; never claim an answer was saved unless set_answer said so.",
  "Reply briefly in plain Australian English. Do not give legal advice.",
].join("\n");

type ChatMessage =
  | { role: "system" | "user"; content: string }
  | { role: "assistant"; content: string | null; tool_calls?: ToolCall[] }
  | { role: "tool"; tool_call_id: string; content: string };

type ToolCall = { id: string; type: "function"; function: { name: string; arguments: string } };

type Completion = {
  choices: { message: { content: string | null; tool_calls?: ToolCall[] } }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number };
};

/** Why the model's run was given up (the message goes to the built-in provider). */
class ModelFailure extends Error {}

function readCompletion(body: unknown): Completion {
  const message = (body as Completion | null)?.choices?.[0]?.message;
  if (!message || typeof message !== "object") throw new ModelFailure("no message in the model's answer");
  const calls = message.tool_calls ?? [];
  if (
    !Array.isArray(calls) ||
    calls.some((c) => typeof c?.id !== "string" || typeof c?.function?.name !== "string")
  ) {
    throw new ModelFailure("unreadable tool calls in the model's answer");
  }
  return body as Completion;
}

const describeQuestion = (q: AskedQuestion) => ({
  field: q.path,
  question: q.label,
  kind: q.kind,
  choices: q.options?.map((o) => o.text) ?? null,
  help: q.instruction,
  required: q.required,
});

function suggestionsFor(question: AskedQuestion | undefined): string[] {
  if (!question) return [];
  const options = question.options?.map((o) => o.text) ?? [];
  return options.length > 0 && options.length <= 8 ? [...options, "Skip"] : ["Skip"];
}

export function createOpenAiProvider(deps: {
  settings: OpenAiSettings;
  /** Answers when the model cannot (and greets: a greeting needs no model). */
  fallback: AssistantProvider;
  fetch?: typeof fetch;
}): AssistantProvider {
  const { settings, fallback } = deps;
  const doFetch = deps.fetch ?? fetch;
  const endpoint = `${settings.baseUrl.replace(/\/+$/, "")}/chat/completions`;

  async function complete(messages: ChatMessage[]): Promise<Completion> {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (settings.apiKey) headers.authorization = `Bearer ${settings.apiKey}`;
    let response: Response;
    try {
      response = await doFetch(endpoint, {
        method: "POST",
        headers,
        body: JSON.stringify({ model: settings.model, messages, tools: OPENAI_TOOLS, tool_choice: "auto" }),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (error) {
      throw new ModelFailure(`the model could not be reached: ${(error as Error).message}`);
    }
    if (!response.ok) throw new ModelFailure(`the model answered HTTP ${response.status}`);
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new ModelFailure("the model's answer is not JSON");
    }
    return readCompletion(body);
  }

  /** What the model is told of where the conversation stands: this person's own thread only. */
  async function context(state: ThreadState, docId: number | null, tools: AssistantTools) {
    const lines = [`Today is ${tools.today()} (Sydney).`];
    if (state.proposal) {
      const offered = [state.proposal.template, ...state.proposal.alternatives];
      lines.push(
        `Templates proposed in your last reply (the person may now say yes to one): ${offered
          .map((t) => `${t.name} (template_id ${t.id})`)
          .join("; ")}. The first was your suggestion.`,
      );
    }
    if (docId !== null) {
      const interview = await tools.readInterview(docId);
      lines.push(`You are interviewing the person's draft "${interview.name}".`);
      const revisit = state.revisit === true;
      const asking = state.asking
        ? questionAt(interview.definition, interview.answers, state.asking, revisit)
        : undefined;
      if (asking) lines.push(`The question you asked last: ${JSON.stringify(describeQuestion(asking))}`);
      const now = asking && revisit ? currentAnswerText(interview.answers, asking) : null;
      if (now !== null) lines.push(`The person went back to it; its answer now is: ${now}`);
    }
    return lines.join("\n");
  }

  return {
    name: "openai-compatible",

    greet: (docId, tools) => fallback.greet(docId, tools),

    async respond(turn, tools) {
      // "Back" moves through the interview's own order, which the built-in interviewer keeps: no
      // model is needed to find the question before this one.
      if (turn.state.role === "interviewer" && turn.docId !== null && isBackRequest(turn.text)) {
        const back = await fallback.respond(turn, tools);
        return { ...back, usage: { provider: fallback.name, tokens: 0 } };
      }
      // The conversation as the tools move it; the fallback starts from here, so a draft started
      // or an answer saved before a failure is not started or saved twice.
      let state: ThreadState = turn.state;
      let docId = turn.docId;
      let template: AssistantTemplate | null = null;
      let started = false;
      let saved = 0;
      let refused = 0;
      let skippedNow = 0;
      let tokens = 0;
      const proposable = new Map(
        (turn.state.proposal ? [turn.state.proposal.template, ...turn.state.proposal.alternatives] : []).map(
          (t) => [t.id, t] as const,
        ),
      );

      const callTool = async (name: string, args: Record<string, unknown>): Promise<unknown> => {
        switch (name) {
          case "find_template": {
            const request = args.request;
            if (typeof request !== "string" || request.trim() === "" || request.length > 500)
              return { error: "request must be a non-empty text of 500 characters or fewer" };
            const found = await tools.findTemplates(request, 3);
            const [best, ...alternatives] = found;
            if (best) {
              state = { ...state, role: "templateFinder", proposal: { template: best, alternatives } };
              template = best;
            }
            return { templates: found.map((t) => ({ template_id: t.id, name: t.name })) };
          }
          case "start_draft": {
            const id = args.template_id;
            const chosen = typeof id === "number" ? proposable.get(id) : undefined;
            // Only a template the person was shown in an earlier reply: the yes must follow an offer.
            if (!chosen)
              return { error: "template_id must be one of the templates proposed in your last reply" };
            if (started) return { error: "a draft was already started in this reply" };
            const result = await tools.startDocument(chosen);
            if (!result.ok) return { error: result.message };
            started = true;
            template = chosen;
            docId = result.docId;
            const interview = await tools.readInterview(result.docId);
            const first = nextQuestion(interview.definition, interview.answers, []);
            state = { role: "interviewer", proposal: null, asking: first?.path ?? null, skipped: [] };
            return {
              started: { document: chosen.name },
              next_question: first ? describeQuestion(first) : null,
            };
          }
          case "read_questions": {
            if (docId === null) return { error: "no document is being interviewed" };
            const interview = await tools.readInterview(docId);
            return {
              questions: openQuestions(
                interview.definition,
                interview.answers,
                state.skipped,
                QUESTIONS_LISTED,
              ).map(describeQuestion),
            };
          }
          case "set_answer": {
            if (docId === null) return { error: "no document is being interviewed" };
            const { field, answer } = args;
            if (typeof field !== "string" || typeof answer !== "string" || answer.trim() === "")
              return { error: "field and answer must both be given as text" };
            const interview = await tools.readInterview(docId);
            // The question gone back to may be answered already; a new answer replaces it.
            const question = questionAt(
              interview.definition,
              interview.answers,
              field,
              state.revisit === true && field === state.asking,
            );
            if (!question) {
              return {
                error: `${field} is not a question shown and unanswered now; use read_questions to see them`,
              };
            }
            const attempt = applyAnswer(
              interview.definition,
              interview.answers,
              question,
              answer,
              tools.today(),
            );
            if (!attempt.ok) {
              refused++;
              return { error: attempt.message, choices: question.options?.map((o) => o.text) ?? null };
            }
            const result = await tools.saveAnswers(docId, attempt.answers);
            if (!result.ok) {
              refused++;
              return { error: result.message };
            }
            saved++;
            const next = nextQuestion(interview.definition, attempt.answers, state.skipped);
            state = { ...state, role: "interviewer", asking: next?.path ?? null, revisit: false };
            return { saved: attempt.understood, next_question: next ? describeQuestion(next) : null };
          }
          case "skip_question": {
            if (docId === null) return { error: "no document is being interviewed" };
            // Only the question asked: the model cannot quietly pass over the rest of the interview.
            if (typeof args.field !== "string" || args.field !== state.asking)
              return { error: `only the question asked last (${state.asking ?? "none"}) can be skipped` };
            const interview = await tools.readInterview(docId);
            const question = questionAt(
              interview.definition,
              interview.answers,
              args.field,
              state.revisit === true,
            );
            if (!question) return { error: `${args.field} is not shown now; use read_questions to see them` };
            const answered = currentAnswerText(interview.answers, question) !== null;
            const skipped =
              answered || state.skipped.includes(question.path)
                ? state.skipped
                : [...state.skipped, question.path];
            const next = nextQuestion(interview.definition, interview.answers, skipped);
            state = { ...state, skipped, asking: next?.path ?? null, revisit: false };
            skippedNow++;
            return {
              skipped: question.path,
              kept_answer: answered,
              next_question: next ? describeQuestion(next) : null,
            };
          }
          default:
            return { error: `there is no tool named ${name}` };
        }
      };

      try {
        const messages: ChatMessage[] = [
          { role: "system", content: `${SYSTEM_PROMPT}\n\n${await context(state, docId, tools)}` },
          // The conversation so far, so the model reads it whole rather than a summary.
          ...(turn.history ?? []).map(
            (m): ChatMessage =>
              m.role === "user" ? { role: "user", content: m.text } : { role: "assistant", content: m.text },
          ),
          { role: "user", content: turn.text },
        ];
        for (let round = 0; round < MAX_ROUNDS; round++) {
          const completion = await complete(messages);
          tokens += completion.usage?.total_tokens ?? 0;
          const message = completion.choices[0]?.message;
          const calls = message?.tool_calls ?? [];
          if (calls.length === 0) {
            const text = message?.content?.trim();
            if (!text) throw new ModelFailure("the model answered with no text");
            return await finish(text.slice(0, MAX_REPLY_LENGTH));
          }
          messages.push({ role: "assistant", content: message?.content ?? null, tool_calls: calls });
          for (const call of calls) {
            let args: unknown;
            try {
              args = JSON.parse(call.function.arguments || "{}");
            } catch {
              args = undefined;
            }
            const result =
              args && typeof args === "object" && !Array.isArray(args)
                ? await callTool(call.function.name, args as Record<string, unknown>)
                : { error: "the arguments are not a JSON object" };
            messages.push({ role: "tool", tool_call_id: call.id, content: JSON.stringify(result) });
          }
        }
        throw new ModelFailure(`the model used more than ${MAX_ROUNDS} tool rounds`);
      } catch (error) {
        if (!(error instanceof ModelFailure)) throw error;
        const answered = await fallback.respond({ ...turn, state, docId }, tools);
        return {
          ...answered,
          reply: { ...answered.reply, text: `${MODEL_FALLBACK_NOTICE} ${answered.reply.text}` },
          usage: { provider: `${fallback.name} (model failed: ${error.message})`, tokens },
        };
      }

      async function finish(text: string): Promise<AssistantOutcome> {
        let question: AskedQuestion | undefined;
        if (docId !== null && state.role === "interviewer") {
          const interview = await tools.readInterview(docId);
          question = state.asking
            ? questionAt(interview.definition, interview.answers, state.asking, state.revisit === true)
            : undefined;
        }
        const intent: AssistantIntent = started
          ? "createDraft"
          : saved > 0
            ? "answer"
            : skippedNow > 0
              ? "skip"
              : refused > 0
                ? "clarify"
                : "answer";
        const reply: AssistantReply = {
          text,
          intent,
          template,
          doc_id: docId,
          question: question
            ? {
                field: question.path,
                label: question.label,
                kind: question.kind,
                options: question.options?.map((o) => o.text) ?? null,
              }
            : null,
          suggestions:
            template && !started && !question
              ? ["Yes, start it", "No, something else"]
              : suggestionsFor(question),
        };
        return { reply, state, docId, usage: { provider: "openai-compatible", tokens } };
      }
    },
  };
}
