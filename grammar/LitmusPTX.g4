// PTX litmus tests: a header, an init block, a table of per-thread instruction columns and an optional filter
// and condition (see docs/semantics.md section 3). The grammar accepts every memory order on every
// access and leaves scope optional; frontends/ checks which combinations are legal (docs/semantics.md 4.1),
// so that such mistakes get a message that names the rule rather than a list of expected tokens.
grammar LitmusPTX;

import LitmusAssertions;

main
    : header initBlock threadHeader instructionRow* assertionFilter? assertionClause? EOF
    ;

// The test name is the rest of the first line; everything else up to the init block is documentation.
header
    : arch=('PTX' | 'ptx') (~'{')*
    ;

initBlock
    : '{' initItem? (';' initItem?)* '}'
    ;

initItem
    : Name '=' number                         # locationInit
    | threadRegister '=' number               # registerInit
    | Name '@' proxyKind 'aliases' Name       # aliasInit
    | Name '=' '&'? Name                      # locationFromLocationInit
    | threadRegister '=' '&'? Name            # registerFromLocationInit
    ;

threadRegister
    : ThreadId ':' Register
    ;

proxyKind
    : 'generic' | 'surface' | 'texture' | 'constant'
    ;

threadHeader
    : threadScope ('|' threadScope)* ';'
    ;

// Placement: an optional warp (threads of one CTA with one warp id form a warp, lanes in header order) and
// an optional cluster between the CTA and the GPU.
threadScope
    : ThreadId '@' ('warp' warp=Int ',')? 'cta' cta=Int ',' ('cluster' cluster=Int ',')? 'gpu' gpu=Int
    ;

// One row per line of the table: one cell per thread, any of them empty.
instructionRow
    : instruction? ('|' instruction?)* ';'
    ;

instruction
    : label
    | load
    | move
    | store
    | arithmetic
    | atom
    | atomCas
    | red
    | fence
    | proxyFence
    | barrier
    | warpBarrier
    | shuffle
    | vote
    | redux
    | asyncInstruction
    | jump
    | branch
    | unknownInstruction
    ;

label
    : Name ':'
    ;

load
    : op=('ld' | 'tld' | 'suld' | 'cold') '.' memoryOrder ('.' scope)? Register ',' Name
    ;

// `ld r, v` without a memory order is a register move, not a memory access.
move
    : 'ld' Register ',' operand
    ;

store
    : op=('st' | 'sust') '.' memoryOrder ('.' scope)? Name ',' value
    ;

arithmetic
    : op=('add' | 'sub' | 'mul' | 'div') Register ',' value ',' value
    ;

atom
    : 'atom' '.' memoryOrder ('.' scope)? '.' rmwOperation Register ',' Name ',' value
    ;

atomCas
    : 'atom' '.' memoryOrder ('.' scope)? '.' 'cas' Register ',' Name ',' expected=value ',' desired=value
    ;

red
    : 'red' '.' memoryOrder ('.' scope)? '.' rmwOperation Name ',' value
    ;

fence
    : 'fence' '.' memoryOrder ('.' scope)?
    ;

proxyFence
    : 'fence' '.' 'proxy' '.' (proxyKind | alias='alias' | other=Name)
    ;

barrier
    : BarKeyword '.' 'cta' '.' kind=('sync' | 'arrive') instance=Int (',' resource=value (',' quorum=value)?)?
    ;

// Warp primitives (issue 9). Masks are integer literals over the warp's lanes; modes and operators are
// names checked by the front end, so that they stay usable as location names.
warpBarrier
    : BarKeyword '.' 'warp' '.' 'sync' mask=number
    ;

shuffle
    : 'shfl' '.' 'sync' '.' variant=Name Register ',' source=value ',' selector=value ',' mask=number
    ;

vote
    : 'vote' '.' 'sync' '.' variant=Name Register ',' source=value ',' mask=number
    ;

redux
    : 'redux' '.' 'sync' '.' op=('add' | 'and' | 'or' | 'xor' | Name) Register ',' source=value ',' mask=number
    ;

// mbarrier.*, cp.async* and tcgen05.* (issue 10): a mnemonic of parts separated by '.' (or '::', as the
// ISA spells some of them) and its operands. The front end reads the parts (frontends/PtxAsync.cpp), so
// that the families' words stay usable as location names and misuse gets a message naming the rule.
asyncInstruction
    : family=Name (mnemonicSeparator mnemonicPart)+ (asyncOperand (',' asyncOperand)*)?
    ;

mnemonicSeparator
    : '.' | ':' ':'
    ;

mnemonicPart
    : ~('|' | ';' | ',' | '.' | ':')
    ;

asyncOperand
    : value
    | Name
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

memoryOrder
    : 'weak' | 'relaxed' | 'acquire' | 'release' | 'acq_rel' | 'sc'
    ;

scope
    : 'cta' | 'cluster' | 'gpu' | 'sys'
    ;

rmwOperation
    : 'add' | 'sub' | 'mul' | 'div' | 'and' | 'or' | 'xor' | 'exch'
    ;

value
    : Register
    | number
    ;

operand
    : value
    | Name
    ;

// `bar` starts an instruction only when a '.' follows it (bar.cta.sync, bar.warp.sync); otherwise it is a
// name, so that a test may call its mbarrier `bar`.
BarKeyword
    : 'bar' {_input->LA(1) == '.'}?
    ;
