// Final-state conditions of litmus tests and the lexical basics every litmus dialect shares. Imported by
// LitmusPTX.g4 (and later LitmusVulkan.g4); each importing grammar adds its instruction syntax on top.
//
// A condition combines comparisons with prefix negation (`~` or `not`), conjunction (`/\`) and disjunction
// (`\/`); negation binds tightest, then conjunction, then disjunction, all left-associative. Operands are
// thread registers (`P1:r0`, `1:r0`), location names (the location's final value) and integer constants.
grammar LitmusAssertions;

assertionFilter
    : 'filter' assertion ';'?
    ;

assertionClause
    : quantifier assertion ';'?
    ;

quantifier
    : 'exists'
    | negation=('~' | 'not') 'exists'
    | forall='forall'
    ;

// Alternatives listed first bind tighter.
assertion
    : '(' assertion ')'                                     # parenthesizedAssertion
    | ('~' | 'not') assertion                               # negatedAssertion
    | assertion '/\\' assertion                             # conjunction
    | assertion '\\/' assertion                             # disjunction
    | lhs=conditionOperand comparison rhs=conditionOperand  # comparisonAssertion
    ;

conditionOperand
    : thread=(ThreadId | Int) ':' Register  # registerOperand
    | Name                                  # locationOperand
    | number                                # constantOperand
    ;

comparison
    : '==' | '=' | '!=' | '<' | '<=' | '>' | '>='
    ;

number
    : '-'? (Int | Hex)
    ;

// Registers are exactly `r` followed by digits; `rd1` is a location name.
Register : 'r' [0-9]+ ;
ThreadId : 'P' [0-9]+ ;
Hex : '0' [xX] [0-9a-fA-F]+ ;
Int : [0-9]+ ;
Name : [A-Za-z_] [A-Za-z0-9_]* ;
String : '"' ~'"'* '"' ;

Comment : '(*' .*? '*)' -> skip ;
Whitespace : [ \t\r\n]+ -> skip ;

// Any other character becomes a token of its own, so that the parser (not the lexer) reports it with context.
Other : . ;
