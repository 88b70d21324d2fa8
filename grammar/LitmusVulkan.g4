// Vulkan litmus tests: a header, an init block, an optional block of system-synchronizes-with pairs, a table
// of per-thread instruction columns and an optional filter and condition (see docs/semantics.md
// sections 3 and 4.2). Memory instructions take a list of dot-separated qualifiers
// (`ld.atom.acq.dv.sc0.semsc0`) that the grammar does not constrain: frontends/ reads the list and checks
// which combinations are legal, so that a mistake gets a message naming the qualifier and the rule rather
// than a list of expected tokens.
grammar LitmusVulkan;

import LitmusAssertions;

main
    : header initBlock sswBlock? threadHeader instructionRow* assertionFilter? assertionClause? EOF
    ;

// The test name is the rest of the first line; everything else up to the init block is documentation.
header
    : arch=('VULKAN' | 'Vulkan' | 'vulkan') (~'{')*
    ;

initBlock
    : '{' initItem? (';' initItem?)* '}'
    ;

initItem
    : Name '=' number                         # locationInit
    | threadRegister '=' number               # registerInit
    | Name 'aliases' Name                     # aliasInit
    | Name '=' '&'? Name                      # locationFromLocationInit
    | threadRegister '=' '&'? Name            # registerFromLocationInit
    ;

threadRegister
    : ThreadId ':' Register
    ;

// `ssw P0 P1` or `ssw 0 1`: every event of the first thread happens before every event of the second.
sswBlock
    : '{' sswItem? (';' sswItem?)* '}'
    ;

sswItem
    : 'ssw' from=(ThreadId | Int) to=(ThreadId | Int)
    ;

threadHeader
    : threadScope ('|' threadScope)* ';'
    ;

threadScope
    : ThreadId '@' 'sg' sg=Int ',' 'wg' wg=Int ',' 'qf' qf=Int
    ;

// One row per line of the table: one cell per thread, any of them empty.
instructionRow
    : instruction? ('|' instruction?)* ';'
    ;

instruction
    : label
    | load
    | store
    | rmw
    | memoryBarrier
    | controlBarrier
    | deviceOperation
    | arithmetic
    | jump
    | branch
    | unknownInstruction
    ;

label
    : Name ':'
    ;

load
    : op='ld' qualifier* Register ',' Name
    ;

store
    : op='st' qualifier* Name ',' value
    ;

rmw
    : op='rmw' qualifier* Register ',' Name ',' value
    ;

memoryBarrier
    : op='membar' qualifier*
    ;

// The instance id is kept as written (`00` is not `0`); resource id and quorum may be registers.
controlBarrier
    : op='cbar' qualifier* instance=Int (',' resource=value (',' quorum=value)?)?
    ;

deviceOperation
    : op=('avdevice' | 'visdevice')
    ;

arithmetic
    : op=('add' | 'sub' | 'mul' | 'div' | 'and' | 'or' | 'xor') Register ',' value ',' value
    ;

jump
    : 'goto' Name
    ;

branch
    : op=('beq' | 'bne' | 'blt' | 'ble' | 'bgt' | 'bge') lhs=value ',' rhs=value ',' Name
    ;

// Error production: a cell that starts with a plain name not followed by ':' is an unknown mnemonic; the
// front end reports it by name instead of the parser's guess at a missing ':'.
unknownInstruction
    : Name (~(':' | '|' | ';') (~('|' | ';'))*)?
    ;

// Any word: scope names and operation names are keywords elsewhere in the grammar.
qualifier
    : '.' word=(Name | 'sg' | 'wg' | 'qf' | 'add' | 'sub' | 'mul' | 'div' | 'and' | 'or' | 'xor')
    ;

value
    : Register
    | number
    ;
