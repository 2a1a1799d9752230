// The dashboard's error page for the Operator area.
"use client";
export { default } from "../(dashboard)/error";
