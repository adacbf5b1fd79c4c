<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>sense7::AggregateView</name>
    <message numerus="yes">
        <source>%n conversation(s)</source>
        <translation>
            <numerusform>%n conversation</numerusform>
            <numerusform>%n conversations</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::AnalysisDialog</name>
    <message numerus="yes">
        <source>%1 re-rated pairs; %n observer(s).</source>
        <translation>
            <numerusform>%1 re-rated pairs; %n observer.</numerusform>
            <numerusform>%1 re-rated pairs; %n observers.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::BrowserWindow</name>
    <message numerus="yes">
        <source>%1 of %n conversation(s) loaded</source>
        <translation>
            <numerusform>%1 of %n conversation loaded</numerusform>
            <numerusform>%1 of %n conversations loaded</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::FindBar</name>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n match</numerusform>
            <numerusform>%n matches</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::PredictDialog</name>
    <message numerus="yes">
        <source>All %n listed conversation(s)</source>
        <translation>
            <numerusform>The %n listed conversation</numerusform>
            <numerusform>All %n listed conversations</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::RetestController</name>
    <message numerus="yes">
        <source>You have rated %n conversation(s) completely. Would you rate a few replies again? Your earlier ratings stay hidden and are not changed.</source>
        <translation>
            <numerusform>You have rated %n conversation completely. Would you rate a few replies again? Your earlier ratings stay hidden and are not changed.</numerusform>
            <numerusform>You have rated %n conversations completely. Would you rate a few replies again? Your earlier ratings stay hidden and are not changed.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Thank you: %n reply(s) rated again.</source>
        <translation>
            <numerusform>Thank you: %n reply rated again.</numerusform>
            <numerusform>Thank you: %n replies rated again.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::ShareDialog</name>
    <message numerus="yes">
        <source>%n conversation(s) will be shared</source>
        <translation>
            <numerusform>%n conversation will be shared</numerusform>
            <numerusform>%n conversations will be shared</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>with %n rating(s)</source>
        <translation>
            <numerusform>with %n rating</numerusform>
            <numerusform>with %n ratings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n redaction(s), highlighted in the preview</source>
        <translation>
            <numerusform>%n redaction, highlighted in the preview</numerusform>
            <numerusform>%n redactions, highlighted in the preview</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Saved %n conversation(s) to %1. Send this file to the research team.</source>
        <translation>
            <numerusform>Saved %n conversation to %1. Send this file to the research team.</numerusform>
            <numerusform>Saved %n conversations to %1. Send this file to the research team.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::TranscriptView</name>
    <message numerus="yes">
        <source>Show more (%n more characters)</source>
        <translation>
            <numerusform>Show more (%n more character)</numerusform>
            <numerusform>Show more (%n more characters)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::classify::Classifier</name>
    <message numerus="yes">
        <source>%1 (after %n attempt(s))</source>
        <translation>
            <numerusform>%1 (after %n attempt)</numerusform>
            <numerusform>%1 (after %n attempts)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::cli</name>
    <message numerus="yes">
        <source>Self against observers (%n observer(s))</source>
        <translation>
            <numerusform>Self against observers (%n observer)</numerusform>
            <numerusform>Self against observers (%n observers)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Wrote %n figure(s) to %1.</source>
        <translation>
            <numerusform>Wrote %n figure to %1.</numerusform>
            <numerusform>Wrote %n figures to %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::continuity</name>
    <message numerus="yes">
        <source>The reply was regenerated (%n other version(s)).</source>
        <translation>
            <numerusform>The reply was regenerated (%n other version).</numerusform>
            <numerusform>The reply was regenerated (%n other versions).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::integrity::Recovery</name>
    <message numerus="yes">
        <source>%1: %n rows recovered</source>
        <translation>
            <numerusform>%1: %n row recovered</numerusform>
            <numerusform>%1: %n rows recovered</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; %n rows left out because a row they belong to was lost</source>
        <translation>
            <numerusform>; %n row left out because a row it belongs to was lost</numerusform>
            <numerusform>; %n rows left out because a row they belong to was lost</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::integrity::Report</name>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>and %n more</numerusform>
            <numerusform>and %n more</numerusform>
        </translation>
    </message>
</context>
</TS>
