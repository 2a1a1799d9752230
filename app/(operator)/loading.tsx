// The dashboard's skeleton while an Operator page loads (below the layout's 404 decision).
export { default } from "../(dashboard)/loading";
