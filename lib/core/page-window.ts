// The rows of one page for a Prisma query: pages count from 0, `size` rows each.
export const pageWindow = (q: { page: number; size: number }) => ({ skip: q.page * q.size, take: q.size });
