-- Request counts per key (an application, a client address) in the current one-second window,
-- shared by every web instance so that a limit holds across them (lib/core/throttle/rate-window.ts).
-- One row per key, reset when a new window starts.
CREATE TABLE "rate_limit_windows" (
    "key" TEXT NOT NULL,
    "window_start" BIGINT NOT NULL,
    "used" INTEGER NOT NULL,

    CONSTRAINT "rate_limit_windows_pkey" PRIMARY KEY ("key")
);

CREATE INDEX "rate_limit_windows_window_start_idx" ON "rate_limit_windows"("window_start");
