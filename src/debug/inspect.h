/*
** inspect.h - the debugger's read-only view of a live simulation.
** Turns the state of the device (its SMs, warps, register banks, L1Ds,
** memory system and device memory) into JSON-like values (struct jv) for
** Lua, the panes and `info` commands, into aligned text for the console,
** and into one state hash for determinism checks and record/replay.
** It only reads: nothing here changes the model, emits events or
** allocates anything the model sees. It reaches design components
** through their seams (struct rf_ops, struct l1_ops) and the small
** read-only accessors the baseline components export; a design without
** such an accessor shows what the seams offer.
** Files: inspect.c (SM, warp, register, L1D and bank views),
** inspect-pc.c (the instruction behind a warp or a register request),
** inspect-hash.c (the state hash), inspect-text.c (text renderings).
*/
#ifndef WS_INSPECT_H
#define WS_INSPECT_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "sim/device.h"
#include "util/jval.h"
#include "util/strbuf.h"

/* The timing model exists (sim.mode = timing and a kernel was launched):
   the views below have something to show. */
bool inspect_live(const struct ws_device *d);

/* The name of the design the device runs, and the TUI layout it names
   ("default" when it names none). */
const char *inspect_design_name(const struct ws_device *d);
const char *inspect_design_layout(const struct ws_device *d);

/* The compiled kernel of the launch on the GPU now, or NULL. */
const struct kimage *inspect_kernel(const struct ws_device *d);

/*
** The kernel a source view shows: the one running (*running set), else the
** last queued launch's, else the first kernel of the last module loaded;
** its module in *mod. False when no module is loaded.
*/
bool inspect_shown_kernel(const struct ws_device *d, const struct kimage **k,
                          const struct ptx_module **mod, bool *running);

/*
** The CUDA source line of instruction pc of kernel k, from the PTX's .loc:
** "name.cu:LINE" into where (wn bytes), and the text of that line (leading
** blanks dropped) into text (tn bytes; "" when the .cu file is not found
** next to the PTX file). False, and nothing written to where, when the PTX
** has no line information for it (inspect-cuda.c).
*/
bool inspect_cuda_line(const struct kimage *k, int32_t pc, char *where,
                       size_t wn, char *text, size_t tn);

/*
** The instruction the warp in slot `slot` of SM sm issues next, or -1
** (no timing model, an empty slot, a warp that has exited)
** (inspect-pc.c).
*/
int32_t inspect_warp_pc(const struct ws_device *d, int sm, int slot);

/*
** The instruction behind a register-bank request of SM sm that an event
** names (warp slot, physical register, read or write): for a read, the
** oldest instruction of that warp in an operand collector still waiting
** to read reg; for a write, the warp's instruction whose result for reg
** is not yet written. -1 when none is found (inspect-pc.c).
*/
int32_t inspect_request_pc(const struct ws_device *d, int sm, uint32_t warp,
                           uint32_t reg, bool write);
/* Instruction pc of the kernel running on SM sm writes physical register
   reg (inspect-pc.c). */
bool inspect_inst_writes(const struct ws_device *d, int sm, int32_t pc,
                         uint32_t reg);

/*
** Summary of SM sm: {sm, cycle, ctas: [{slot, id, ctaid: {x,y,z},
** first_warp, warps, live, threads}], ctas_used, ctas_limit, warps_used,
** warps_limit, threads_used, threads_limit, regs_used, regs_limit,
** shared_used, shared_limit, schedulers: [{id, last (what it did last
** cycle: stall_name), ready, in_pool, waiting: {reason: warps}}],
** issued, retired_warp_instructions, stall_reasons (cumulative per
** reason), collectors: {used, total}, ldst: {queue, limit, answers_due},
** executing: {class: instructions}, writeback, bank_stalled, l1_pending}.
** NULL with err set when there is no timing model or no such SM.
*/
struct jv *inspect_sm(const struct ws_device *d, int sm, char *err,
                      size_t errlen);

/*
** Every warp slot in use on SM sm, in slot order: an array of
** inspect_warp objects (empty when no CTA is resident). NULL with err
** when there is no timing model or no such SM.
*/
struct jv *inspect_warps(const struct ws_device *d, int sm, char *err,
                         size_t errlen);

/*
** One warp: {sm, slot, cta: {x,y,z}, cta_slot, cta_id, warp_in_cta, pc
** (instruction index; -1 once the warp has left the kernel), line (PTX
** line of the instruction at pc, or null), cuda_line (from .loc, or
** null), inst (that instruction on physical registers as `warpscope
** inspect` prints it, or null), state ("ready", "stalled", "barrier",
** "exited"), stall (stall_name of the reason the scheduler last saw),
** active_mask, valid_mask, exited_mask, simt: [{pc, rpc, mask}] bottom
** entry first, pending (physical registers on the scoreboard),
** pending_loads (those a load produces), pending_preds, in_pool,
** inflight (issued, not complete), instructions (issued so far)}.
** NULL with err for a bad SM or slot, an empty slot, or no kernel.
*/
struct jv *inspect_warp(const struct ws_device *d, int sm, int slot,
                        char *err, size_t errlen);

/* What a register name of inspect_reg refers to in the warp's kernel. */
struct inspect_regref {
    char kind;          /* 'R' 32-bit register slot(s), 'P' predicate */
    int32_t index;      /* physical register (first of a pair) or predicate */
    int width;          /* 32-bit slots: 1, or 2 for a 64-bit register */
};

/*
** Resolves reg for the warp in slot `slot` of SM sm: a physical register
** ("R5", "r5" or "5"), a physical predicate ("P1") or a PTX register name
** ("%r5", "%rd4", "%p1") through the kernel's register allocation. A PTX
** name must be live at the warp's current pc (otherwise its physical
** register holds some other value, or none yet): if not, returns -1 with
** err naming it. Returns 0 and *out, or -1 with err.
*/
int inspect_reg_resolve(const struct ws_device *d, int sm, int slot,
                        const char *reg, struct inspect_regref *out,
                        char *err, size_t errlen);

/*
** Register values of one warp, reg as for inspect_reg_resolve. Fills
** vals[32] with each lane's raw 32 bits (predicates as 0/1; for a 64-bit
** register the low half, its high half being R<index+1>) and *mask with
** the lanes that exist. Returns 0, or -1 with err.
*/
int inspect_reg(const struct ws_device *d, int sm, int slot, const char *reg,
                uint32_t vals[32], uint32_t *mask, char *err, size_t errlen);

/*
** n bytes of memory at addr: space "global" (device memory), "shared"
** (the shared memory of the CTA of the warp in slot `slot` of SM sm) or
** "local" (the local frame of that warp's thread in `lane`). Returns 0,
** or -1 with err (outside the space, no such warp).
*/
int inspect_mem(const struct ws_device *d, int sm, int slot, int lane,
                const char *space, uint64_t addr, void *buf, size_t n,
                char *err, size_t errlen);

/*
** The L1D of SM sm, through its l1_ops: {sm, design, sets, ways, line,
** policy, sets_data: [[{valid, dirty, tag, addr, age, state}] per way]
** per set, valid_lines, dirty_lines, mshrs: [{addr, merged, waiting}],
** mshrs_total, miss_queue, miss_queue_limit, pending}. age is the LRU
** rank (0 = most recent; fill order under FIFO); state is "invalid",
** "clean" or "dirty". A design without a drawable cache (or l1d.size =
** 0) gives sets 0 and empty arrays. miss_queue is null when the design
** does not expose one. NULL with err for no timing model or a bad SM.
*/
struct jv *inspect_l1(const struct ws_device *d, int sm, char *err,
                      size_t errlen);

/*
** The register-file banks of SM sm: {sm, design, cycle, banks, per_bank:
** [{queue, reads, writes, conflicts (cumulative), busy_this_cycle,
** conflicts_this_cycle}], collectors: [{busy, warp, pc, operands_ready,
** operands_total}]}. per_bank is empty for a design whose banks are not
** exposed. NULL with err for no timing model or a bad SM.
*/
struct jv *inspect_banks(const struct ws_device *d, int sm, char *err,
                         size_t errlen);

/*
** What the design of SM sm shows of itself: {sm, design, cycle, grids:
** [...]} plus every key its parts' describe hooks add (see
** timing/grid.h for a grid). With filter (not NULL), only the grid rows
** whose label equals it or starts with it are kept. NULL with err for no
** timing model or a bad SM.
*/
struct jv *inspect_design(const struct ws_device *d, int sm,
                          const char *filter, char *err, size_t errlen);

/*
** A 64-bit FNV-1a hash of the whole simulation state: device memory
** (every allocated page, by content), launch records, and with a timing
** model its cycle, every resident warp's architectural and pipeline
** state, shared and local memory of resident CTAs, scoreboards,
** schedulers, operand collectors, the LD/ST unit, L1 and L2 tags, state
** and MSHRs, requests in flight, interconnect, DRAM queues and row
** buffers, and the statistics (as JSON text). Stable across runs, hosts
** and compilers (values are hashed as little-endian bytes; no pointers,
** padding or unused storage). Equal states give equal hashes; changing
** a register, a memory byte or a cache line changes it.
*/
uint64_t inspect_state_hash(const struct ws_device *d);

/*
** Appends the text of an `info` view to o, readable in 80 columns. what
** names the inspect function that built v: "warps" (one line per warp),
** "warp", "sm", "cache" or "l1" (valid lines of non-empty sets and a
** summary), "mshr" (the MSHRs of an inspect_l1 value), "banks",
** "design" (the grids of an inspect_design value, as text). Any other
** name (or a value of the wrong shape) is written as indented JSON.
*/
void inspect_text(struct strbuf *o, const char *what, const struct jv *v);

#endif
