import { Form, Typography } from "antd";
import { useState } from "react";

/** The files of a template folder an upload reads, by name; the catalogue entry is not one of them. */
const FILE_FIELDS = {
  "interview.yaml": "interview",
  "template.md": "body",
  "sample-answers.json": "sample_answers",
  "PRECONDITIONS.md": "preconditions",
} as const;
type FileField = (typeof FILE_FIELDS)[keyof typeof FILE_FIELDS];
/** Any other .json file is an edge-case answer set, named by its file name. */
export type AnswerSetFile = { name: string; answers: string };
export type TemplateFiles = { files: Partial<Record<FileField, string>>; answerSets: AnswerSetFile[] };
const answerSetName = (fileName: string) => fileName.replace(/\.json$/i, "");

/** What a version's upload and a new template's share: the chosen files, read as text. */
export function useTemplateFiles() {
  const empty: TemplateFiles = { files: {}, answerSets: [] };
  const [chosen, setChosen] = useState<TemplateFiles>(empty);
  const read = async (list: FileList | null) => {
    const files: TemplateFiles["files"] = {};
    const answerSets: AnswerSetFile[] = [];
    for (const file of Array.from(list ?? [])) {
      const field = FILE_FIELDS[file.name as keyof typeof FILE_FIELDS];
      if (field) files[field] = await file.text();
      else if (/\.json$/i.test(file.name))
        answerSets.push({ name: answerSetName(file.name), answers: await file.text() });
    }
    setChosen({ files, answerSets });
  };
  return { ...chosen, read, clear: () => setChosen(empty) };
}

/** A labelled native file input (reached and opened by keyboard) and what it read, said politely. */
export function TemplateFilesField({
  id,
  chosen,
}: {
  id: string;
  chosen: ReturnType<typeof useTemplateFiles>;
}) {
  const { files, answerSets } = chosen;
  const names = Object.keys(FILE_FIELDS).filter(
    (name) => files[FILE_FIELDS[name as keyof typeof FILE_FIELDS]] !== undefined,
  );
  return (
    <Form.Item label="Template files" htmlFor={id}>
      <input
        id={id}
        type="file"
        multiple
        accept=".yaml,.yml,.md,.json"
        onChange={(e) => void chosen.read(e.target.files)}
      />
      <Typography.Text type="secondary" aria-live="polite">
        {names.length > 0 || answerSets.length > 0
          ? `Read: ${names.join(", ")}${
              answerSets.length > 0 ? `. Answer sets: ${answerSets.map((set) => set.name).join(", ")}` : ""
            }`
          : "No files chosen."}
      </Typography.Text>
    </Form.Item>
  );
}
