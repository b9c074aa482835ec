/**
 * The interview definition: YAML validated by a zod schema (spec §3 "Interview form definition").
 * `parseInterview` adds the checks a schema cannot express (ids unique in their scope, conditions
 * that name real questions and do not go round in circles) and names the line of every problem.
 */
import { LineCounter, parseDocument, type Node as YamlNode } from "yaml";
import { z } from "zod";
import {
  type CrossCheck,
  CrossCheckSchema,
  checkCondition as conditionOfCheck,
  crossCheckProblems,
} from "./checks.ts";
import { type Condition, ConditionSchema } from "./condition-schema.ts";
import {
  type Choice,
  LIMITS,
  NAMED_OPTION_LISTS,
  type NamedOptionList,
  PARTY_TYPES,
  type PartyType,
} from "./constants.ts";
import { DefinitionError } from "./errors.ts";
import { partyQuestions } from "./parties.ts";
import type { Witnesses, WitnessesByAnswer } from "./witness-count.ts";

export { type Condition, ConditionSchema, type Scalar } from "./condition-schema.ts";

type QuestionBase = {
  /** Unique among its siblings; conditions name questions by id. */
  readonly id: string;
  readonly label: string;
  /** Defaults to true: a missing answer stops assembly, so optional answers are the exception. */
  readonly required: boolean;
  /**
   * Shown when a required question is left blank, in place of "This field cannot be blank.": why a
   * question asked only in some cases must be answered (the reasons for a concentrated strategy).
   */
  readonly requiredMessage?: string;
  /** Where the answer is stored, relative to the enclosing group entry or party (defaults to the id). */
  readonly dataPath: string;
  readonly visibleIf?: Condition;
  /** Help shown beside the question. */
  readonly instruction?: string;
};

/** Formats a text question can insist on. */
export const TEXT_FORMATS = ["postcode", "acn", "abn", "director_id"] as const;

/** A free-text question, optionally of a known format. */
export type TextQuestion = QuestionBase & {
  readonly type: "text";
  readonly format?: (typeof TEXT_FORMATS)[number];
  readonly maxLength: number;
  readonly multiline: boolean;
};
/** An email address. */
export type EmailQuestion = QuestionBase & { readonly type: "email" };
/** A number, optionally whole and within bounds. */
export type NumberQuestion = QuestionBase & {
  readonly type: "number";
  readonly integer: boolean;
  readonly min?: number;
  readonly max?: number;
};
/** A calendar date, answered as DD/MM/YYYY. */
export type DateQuestion = QuestionBase & { readonly type: "date" };
/**
 * The integration actions the interview page can offer (interview spec §2 `actions`): assembling,
 * downloading, the ASIC lodgement and e-signing.
 */
export const INTEGRATION_ACTIONS = ["XD_Assemble", "XD_Download", "ASIC", "SignFS"] as const;
export type IntegrationAction = (typeof INTEGRATION_ACTIONS)[number];

/** One choice from a list. */
export type SelectQuestion = QuestionBase & {
  readonly type: "select";
  readonly options: readonly Choice[];
  /**
   * The spec's `is_qaction` with its `action_intergrate`: choosing Yes asks for this integration
   * action, which joins the interview's `actions` list (see requestedActions).
   */
  readonly action?: IntegrationAction;
};
/** A repeatable set of questions: the interview asks first how many entries, then each entry's questions. */
export type GroupQuestion = QuestionBase & {
  readonly type: "group";
  readonly questions: readonly Question[];
  readonly min: number;
  readonly max: number;
  /** The "how many?" question; defaults to the label. */
  readonly countLabel?: string;
  /** Heading of each entry, numbered: "Director" gives "Director 1", "Director 2". */
  readonly itemLabel?: string;
};
/** A party: an individual, a company or a trust, with the fields the spec lists for each. */
export type ReferenceQuestion = QuestionBase & {
  readonly type: "reference";
  readonly partyTypes: readonly PartyType[];
  /** Whether this party signs the document (its execution block and e-signing fields). */
  readonly signs: boolean;
  /**
   * Witnesses to an individual's signature (0, 1, or 2 as for a will), or a number chosen by an
   * answer beside the party (`{ by, counts, otherwise }`: one witness in New South Wales, two elsewhere).
   */
  readonly witnesses: Witnesses;
  /**
   * The id of a text or select question naming a trust of which this party is trustee (a fund's
   * trustees, say): its execution blocks then sign "as trustee for the …". Looked up as conditions are.
   */
  readonly trusteeFor?: string;
  /**
   * Another person signs for an individual party while the answer to `when` (a question beside the
   * party, looked up as conditions are) is `equals`: a parent or guardian for a member under 18. That
   * person's name (and email) are the answers to `name` (and `email`); the block says for whom.
   */
  readonly signedBy?: {
    readonly when: string;
    readonly equals: string;
    readonly name: string;
    readonly email?: string;
  };
};

/** Any question of an interview. */
export type Question =
  | TextQuestion
  | EmailQuestion
  | NumberQuestion
  | DateQuestion
  | SelectQuestion
  | GroupQuestion
  | ReferenceQuestion;

/** A question that holds one value (everything but groups and parties). */
export type FieldQuestion = TextQuestion | EmailQuestion | NumberQuestion | DateQuestion | SelectQuestion;

/** A parsed, checked interview definition. */
export type InterviewDefinition = {
  /** The document's title, printed in the footer of every page. */
  readonly title: string;
  readonly questions: readonly Question[];
  /** Rules across answers (checks.ts): the s17A structure of a fund, people who must differ, minimum ages. */
  readonly checks?: readonly CrossCheck[];
  /** A cover page before the text (a deed's): the title and the parties who sign (see cover.ts). */
  readonly cover?: boolean;
};

const identifier = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, "use letters, digits and underscores, starting with a letter");

const dataPathSchema = z
  .string()
  .regex(
    /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)*$/,
    "use names of letters, digits and underscores, joined by dots",
  );

const witnessNumber = z.union([z.literal(0), z.literal(1), z.literal(2)]);

const choiceSchema = z.union([
  z.strictObject({ value: z.union([z.string(), z.number()]).transform(String), text: z.string().min(1) }),
  z.union([z.string(), z.number()]).transform((value) => ({ value: String(value), text: String(value) })),
]);

const namedListSchema = z.enum(Object.keys(NAMED_OPTION_LISTS) as [NamedOptionList, ...NamedOptionList[]]);

const optionsSchema = z
  .union([
    namedListSchema.transform((name): readonly Choice[] => NAMED_OPTION_LISTS[name]),
    z.array(choiceSchema),
  ])
  .refine((options) => options.length > 0, "list at least one option")
  .refine(
    (options) => new Set(options.map((option) => option.value)).size === options.length,
    "option values must differ",
  );

const baseShape = {
  id: identifier,
  label: z.string().min(1, "every question needs a label"),
  required: z.boolean().default(true),
  requiredMessage: z.string().min(1).optional(),
  dataPath: dataPathSchema.optional(),
  visibleIf: ConditionSchema.optional(),
  instruction: z.string().optional(),
};

const withDataPath = <T extends { id: string; dataPath?: string | undefined }>(question: T) => ({
  ...question,
  dataPath: question.dataPath ?? question.id,
});

/** The zod schema of one question; groups nest questions. */
export const QuestionSchema: z.ZodType<Question> = z.lazy(() =>
  z
    .discriminatedUnion("type", [
      z.strictObject({
        ...baseShape,
        type: z.literal("text"),
        format: z.enum(TEXT_FORMATS).optional(),
        maxLength: z.number().int().positive().max(100_000).default(LIMITS.textLength),
        multiline: z.boolean().default(false),
      }),
      z.strictObject({ ...baseShape, type: z.literal("email") }),
      z.strictObject({
        ...baseShape,
        type: z.literal("number"),
        integer: z.boolean().default(false),
        min: z.number().optional(),
        max: z.number().optional(),
      }),
      z.strictObject({ ...baseShape, type: z.literal("date") }),
      z.strictObject({
        ...baseShape,
        type: z.literal("select"),
        options: optionsSchema,
        action: z.enum(INTEGRATION_ACTIONS).optional(),
      }),
      z.strictObject({
        ...baseShape,
        type: z.literal("group"),
        questions: z.array(QuestionSchema).min(1, "a group needs at least one question"),
        min: z.number().int().min(0).default(0),
        max: z.number().int().min(1).max(LIMITS.groupEntries).default(LIMITS.groupEntries),
        countLabel: z.string().optional(),
        itemLabel: z.string().optional(),
      }),
      z.strictObject({
        ...baseShape,
        type: z.literal("reference"),
        partyTypes: z
          .array(z.enum(PARTY_TYPES.map((party) => party.value) as [PartyType, ...PartyType[]]))
          .min(1)
          .default(PARTY_TYPES.map((party) => party.value)),
        signs: z.boolean().default(false),
        witnesses: z
          .union([
            witnessNumber,
            z.strictObject({
              by: identifier,
              counts: z
                .record(z.string().min(1), witnessNumber)
                .refine(
                  (counts) => Object.keys(counts).length > 0,
                  "give the number for at least one answer",
                ),
              otherwise: witnessNumber,
            }),
          ])
          .default(0),
        trusteeFor: identifier.optional(),
        signedBy: z
          .strictObject({
            when: identifier,
            equals: z.string().min(1),
            name: identifier,
            email: identifier.optional(),
          })
          .optional(),
      }),
    ])
    .transform(withDataPath),
) as z.ZodType<Question>;

/** The zod schema of a whole interview definition. */
export const InterviewDefinitionSchema: z.ZodType<InterviewDefinition> = z.strictObject({
  title: z.string().min(1, "give the document a title"),
  questions: z.array(QuestionSchema).min(1, "an interview needs at least one question"),
  checks: z.array(CrossCheckSchema).optional(),
  cover: z.boolean().optional(),
}) as z.ZodType<InterviewDefinition>;

/**
 * Names an interview may not use at the top of a data path: Liquid's literals and loop variables, and
 * property names that would reach into JavaScript objects.
 */
const RESERVED_NAMES = new Set([
  "empty",
  "blank",
  "nil",
  "null",
  "true",
  "false",
  "forloop",
  "tablerowloop",
  "constructor",
  "prototype",
  "document",
]);

/** Parses and checks an interview definition written in YAML; throws a DefinitionError naming each place. */
export function parseInterview(yamlText: string): InterviewDefinition {
  if (yamlText.length > LIMITS.definitionLength) {
    throw new DefinitionError([`the definition is longer than ${LIMITS.definitionLength} characters`]);
  }
  const lineCounter = new LineCounter();
  const document = parseDocument(yamlText, { lineCounter, prettyErrors: true, uniqueKeys: true });
  if (document.errors.length > 0) {
    throw new DefinitionError(
      document.errors.map((error) => {
        const position = error.linePos?.[0];
        const message = (error.message.split("\n")[0] ?? "").replace(/ at line \d+, column \d+:?$/, "");
        return `${position ? `line ${position.line}, column ${position.col}: ` : ""}${message}`;
      }),
    );
  }
  const raw: unknown = document.toJS({ maxAliasCount: 50 });
  const place = (path: readonly PropertyKey[]): string => {
    const keys = keysOf(path);
    let node: unknown;
    for (let depth = keys.length; depth >= 0 && !node; depth--) {
      node = document.getIn(keys.slice(0, depth), true);
    }
    const range = (node as YamlNode | undefined)?.range;
    const line = range ? `line ${lineCounter.linePos(range[0]).line}, ` : "";
    return `${line}${formatPath(keys) || "(top level)"}`;
  };
  const parsed = InterviewDefinitionSchema.safeParse(raw);
  if (!parsed.success) {
    throw new DefinitionError(parsed.error.issues.map((issue) => `${place(issue.path)}: ${issue.message}`));
  }
  const problems = checkDefinition(parsed.data).map(({ path, message }) => `${place(path)}: ${message}`);
  if (problems.length > 0) throw new DefinitionError([...new Set(problems)]);
  return parsed.data;
}

/** Checks an interview definition given as a plain object (as parsed JSON); throws a DefinitionError. */
export function defineInterview(input: unknown): InterviewDefinition {
  const parsed = InterviewDefinitionSchema.safeParse(input);
  if (!parsed.success) {
    throw new DefinitionError(
      parsed.error.issues.map(
        (issue) => `${formatPath(keysOf(issue.path)) || "(top level)"}: ${issue.message}`,
      ),
    );
  }
  const problems = checkDefinition(parsed.data).map(({ path, message }) => `${formatPath(path)}: ${message}`);
  if (problems.length > 0) throw new DefinitionError([...new Set(problems)]);
  return parsed.data;
}

function keysOf(path: readonly PropertyKey[]): (string | number)[] {
  return path.filter((key): key is string | number => typeof key !== "symbol");
}

/** Writes a zod/YAML path as `questions[2].options[0].value`. */
function formatPath(path: readonly (string | number)[]): string {
  return path
    .map((key, index) => (typeof key === "number" ? `[${key}]` : index === 0 ? key : `.${key}`))
    .join("");
}

type Problem = { path: (string | number)[]; message: string };

/** The checks a schema cannot make, each with the path of the offending place. */
function checkDefinition(definition: InterviewDefinition): Problem[] {
  const problems: Problem[] = [];
  type Scope = { questions: readonly Question[]; path: (string | number)[]; parent?: Scope };

  const findQuestion = (scope: Scope | undefined, id: string): Question | undefined => {
    for (let current = scope; current; current = current.parent) {
      const found = current.questions.find((question) => question.id === id);
      if (found) return found;
    }
    return undefined;
  };

  const conditionTargets = (condition: Condition, into: string[]): string[] => {
    if ("questionId" in condition) into.push(condition.questionId.split(".")[0] ?? "");
    else if ("all" in condition) for (const inner of condition.all) conditionTargets(inner, into);
    else if ("any" in condition) for (const inner of condition.any) conditionTargets(inner, into);
    else conditionTargets(condition.not, into);
    return into;
  };

  const checkCondition = (condition: Condition, scope: Scope, path: (string | number)[]): void => {
    if ("questionId" in condition) {
      const [head = "", ...rest] = condition.questionId.split(".");
      const target = findQuestion(scope, head);
      if (!target) {
        problems.push({ path: [...path, "questionId"], message: `no question "${head}" to depend on` });
        return;
      }
      if (condition.some) {
        if (target.type !== "group") {
          problems.push({
            path: [...path, "some"],
            message: `"some" needs a group, and "${head}" is not one`,
          });
        } else {
          checkCondition(condition.some, { questions: target.questions, path, parent: scope }, [
            ...path,
            "some",
          ]);
        }
      }
      const counted = condition.atLeast !== undefined || condition.atMost !== undefined;
      if (rest.length === 0 && counted && target.type !== "number" && target.type !== "group") {
        problems.push({
          path: [...path, condition.atLeast !== undefined ? "atLeast" : "atMost"],
          message: `atLeast and atMost compare a number or a group's number of entries, and "${head}" is neither`,
        });
      }
      if (rest.length > 0 && target.type !== "reference") {
        problems.push({
          path: [...path, "questionId"],
          message:
            target.type === "group"
              ? `"${head}" is a group: use { questionId: ${head}, some: { ... } } to test its entries, or atLeast / atMost / equals to test how many there are`
              : `"${head}" holds a single value, so "${condition.questionId}" names nothing`,
        });
      }
    } else if ("all" in condition) {
      condition.all.forEach((inner, index) => {
        checkCondition(inner, scope, [...path, "all", index]);
      });
    } else if ("any" in condition) {
      condition.any.forEach((inner, index) => {
        checkCondition(inner, scope, [...path, "any", index]);
      });
    } else {
      checkCondition(condition.not, scope, [...path, "not"]);
    }
  };

  const checkScope = (scope: Scope, depth: number): void => {
    if (depth > LIMITS.nesting) {
      problems.push({ path: scope.path, message: `groups nest deeper than ${LIMITS.nesting} levels` });
      return;
    }
    const ids = new Map<string, number>();
    const dataPaths: { path: string; index: number }[] = [];
    scope.questions.forEach((question, index) => {
      const path = [...scope.path, index];
      const previous = ids.get(question.id);
      if (previous !== undefined) {
        problems.push({
          path: [...path, "id"],
          message: `the id "${question.id}" is already used by questions[${previous}] at this level`,
        });
      }
      ids.set(question.id, index);
      const root = question.dataPath.split(".")[0] ?? "";
      if (RESERVED_NAMES.has(root) || RESERVED_NAMES.has(question.id)) {
        problems.push({ path: [...path, "id"], message: `"${root}" is a reserved name; choose another` });
      }
      for (const other of dataPaths) {
        if (
          other.path === question.dataPath ||
          other.path.startsWith(`${question.dataPath}.`) ||
          question.dataPath.startsWith(`${other.path}.`)
        ) {
          problems.push({
            path: [...path, "dataPath"],
            message: `stores its answer at "${question.dataPath}", which overlaps questions[${other.index}] ("${other.path}")`,
          });
        }
      }
      dataPaths.push({ path: question.dataPath, index });
      if (question.visibleIf) checkCondition(question.visibleIf, scope, [...path, "visibleIf"]);
      if (question.requiredMessage !== undefined && !question.required) {
        problems.push({
          path: [...path, "requiredMessage"],
          message:
            "an optional question is never refused as blank: drop requiredMessage, or make it required",
        });
      }
      if (question.type === "reference" && question.trusteeFor !== undefined) {
        const trust = findQuestion(scope, question.trusteeFor);
        if (trust?.type !== "text" && trust?.type !== "select") {
          problems.push({
            path: [...path, "trusteeFor"],
            message: trust
              ? `"${question.trusteeFor}" must be a text or select question naming the trust`
              : `no question "${question.trusteeFor}" names the trust`,
          });
        }
      }
      if (question.type === "reference" && typeof question.witnesses === "object") {
        problems.push(...witnessProblems(question, findQuestion(scope, question.witnesses.by), path));
      }
      if (question.type === "reference" && question.signedBy !== undefined) {
        const { when, name, email } = question.signedBy;
        for (const [key, id] of [
          ["when", when],
          ["name", name],
          ["email", email],
        ] as const) {
          if (id === undefined) continue;
          const found = findQuestion(scope, id);
          const kinds = key === "email" ? ["email"] : ["text", "select"];
          if (!found || !kinds.includes(found.type))
            problems.push({
              path: [...path, "signedBy", key],
              message: `"${id}" must be ${key === "email" ? "an email" : "a text or select"} question beside the party`,
            });
        }
      }
      if (question.type === "number" && question.min !== undefined && question.max !== undefined) {
        if (question.min > question.max)
          problems.push({ path: [...path, "min"], message: "min is above max" });
      }
      if (question.type === "group") {
        if (question.min > question.max)
          problems.push({ path: [...path, "min"], message: "min is above max" });
        checkScope({ questions: question.questions, path: [...path, "questions"], parent: scope }, depth + 1);
      }
    });
    // Conditions must not depend on each other in a circle, or visibility would have no answer.
    const edges = new Map<string, string[]>();
    for (const question of scope.questions) {
      if (question.visibleIf) {
        const local = conditionTargets(question.visibleIf, []).filter((id) => ids.has(id));
        edges.set(question.id, local);
      }
    }
    const state = new Map<string, "visiting" | "done">();
    const visit = (id: string, trail: string[]): void => {
      if (state.get(id) === "done") return;
      if (state.get(id) === "visiting") {
        const index = ids.get(id) ?? 0;
        problems.push({
          path: [...scope.path, index, "visibleIf"],
          message: `conditions go round in a circle: ${[...trail.slice(trail.indexOf(id)), id].join(" → ")}`,
        });
        return;
      }
      state.set(id, "visiting");
      for (const next of edges.get(id) ?? []) visit(next, [...trail, id]);
      state.set(id, "done");
    };
    for (const id of edges.keys()) visit(id, []);
  };

  checkScope({ questions: definition.questions, path: ["questions"] }, 0);
  if (definition.checks) {
    problems.push(...crossCheckProblems(definition.questions, definition.checks));
    // A check's `when` names questions as a top-level question's visibleIf does.
    definition.checks.forEach((check, index) => {
      const condition = conditionOfCheck(check);
      if (condition) {
        checkCondition(condition, { questions: definition.questions, path: ["questions"] }, [
          "checks",
          index,
          "when",
        ]);
      }
    });
  }
  return problems;
}

/**
 * The problems of a witness number chosen by an answer: `by` must name a select or text question
 * beside the party, and not share an id with one of the party's own questions (an individual's
 * `state`, say), since the witnesses' condition is read from inside the party, where that one is found.
 */
function witnessProblems(
  reference: ReferenceQuestion,
  by: Question | undefined,
  path: (string | number)[],
): Problem[] {
  const witnesses = reference.witnesses as WitnessesByAnswer;
  const at = [...path, "witnesses", "by"];
  const own = reference.partyTypes
    .flatMap((type) => partyQuestions(reference, type))
    .map((question) => question.id);
  if (own.includes(witnesses.by)) {
    return [
      {
        path: at,
        message: `"${witnesses.by}" is also a question of the party itself: choose the number by another question`,
      },
    ];
  }
  if (by?.type !== "select" && by?.type !== "text") {
    return [
      {
        path: at,
        message: by
          ? `"${witnesses.by}" must be a select or text question choosing the number of witnesses`
          : `no question "${witnesses.by}" chooses the number of witnesses`,
      },
    ];
  }
  if (by.type !== "select") return [];
  const values = new Set(by.options.map((option) => option.value));
  return Object.keys(witnesses.counts)
    .filter((answer) => !values.has(answer))
    .map((answer) => ({
      path: [...path, "witnesses", "counts", answer],
      message: `"${answer}" is not an option of "${witnesses.by}"`,
    }));
}
