// Parts of the configuration the server injects into the page (`<script id="tyd-config">`, docs/architecture.md
// "How a request flows") that both sides describe the same way.

/** Who runs the service, shown at the foot of home, login and 我的 (docs/operations.md "Operator details"). */
export interface OperatorDetails {
  name: string;
  licence?: string;
  filing?: string;
  servicePhone?: string;
  serviceHours?: string;
}
