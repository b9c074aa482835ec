import { Result } from "antd";
import { HOME_PATH } from "../constants";
import { ButtonLink } from "./ButtonLink";

export function NotFoundPage() {
  return (
    <>
      <title>Page not found · Precedent</title>
      <Result
        status="404"
        title="Page not found"
        subTitle="The page you are looking for does not exist or has moved."
        extra={
          <ButtonLink type="primary" to={HOME_PATH}>
            Back to My Company
          </ButtonLink>
        }
      />
    </>
  );
}
