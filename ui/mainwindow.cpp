#include "mainwindow.h"

#include "about.h"
#include "conversationtablemodel.h"
#include "error.h"
#include "importcontroller.h"
#include "store.h"
#include "transcriptview.h"
#include "turnlistmodel.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>

namespace sense7 {

namespace {
const auto fileFilter =
    QT_TRANSLATE_NOOP("sense7::MainWindow", "Sense-7 data sets (*.sense7);;All files (*)");
}

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_conversations(new ConversationTableModel(this))
    , m_sorted(new QSortFilterProxyModel(this))
    , m_turns(new TurnListModel(this))
    , m_splitter(new QSplitter(Qt::Horizontal, this))
    , m_list(new QTableView(m_splitter))
    , m_transcript(new TranscriptView(m_splitter))
    , m_statusCounts(new QLabel(this))
    , m_statusNotice(new QLabel(this))
{
    setWindowTitle(tr("Sense-7 Studio"));
    setObjectName(QStringLiteral("MainWindow"));
    setAcceptDrops(true);

    m_sorted->setSourceModel(m_conversations);
    m_sorted->setSortRole(ConversationTableModel::SortRole);
    m_list->setModel(m_sorted);
    m_list->setObjectName(QStringLiteral("conversationList"));
    m_list->setAccessibleName(tr("Conversations"));
    m_list->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setSortingEnabled(true);
    m_list->sortByColumn(-1, Qt::AscendingOrder);
    m_list->setAlternatingRowColors(true);
    m_list->setWordWrap(false);
    m_list->verticalHeader()->hide();
    m_list->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 10);
    QHeaderView *header = m_list->horizontalHeader();
    header->setStretchLastSection(false);
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setSectionResizeMode(ConversationTableModel::Title, QHeaderView::Stretch);
    header->setMinimumSectionSize(48);
    m_list->setEditTriggers(QAbstractItemView::NoEditTriggers);

    m_transcript->setObjectName(QStringLiteral("transcript"));
    m_transcript->setModel(m_turns);

    m_splitter->addWidget(m_list);
    m_splitter->addWidget(m_transcript);
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 3);
    m_splitter->setChildrenCollapsible(false);
    setCentralWidget(m_splitter);

    statusBar()->addWidget(m_statusCounts, 1);
    statusBar()->addPermanentWidget(m_statusNotice);

    connect(m_list->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &MainWindow::conversationSelected);
    connect(m_conversations, &QAbstractItemModel::modelReset, this, &MainWindow::updateStatus);

    createActions();
    resize(1200, 760);
    restoreGeometry(m_settings.mainWindowGeometry());
    restoreState(m_settings.mainWindowState());
    if (!m_splitter->restoreState(m_settings.splitterState()))
        m_splitter->setSizes({560, 640});
    updateStatus();
}

MainWindow::~MainWindow()
{
    // Views and models go before the store they point into.
    m_turns->setStore(nullptr);
    m_conversations->setStore(nullptr);
}

void MainWindow::createActions()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *newAction = file->addAction(tr("&New data set…"), this, &MainWindow::newDataSet);
    newAction->setShortcut(QKeySequence::New);
    newAction->setStatusTip(tr("Create an empty data set with the SENSE-7 instrument"));
    QAction *openAction = file->addAction(tr("&Open…"), this, &MainWindow::openWithDialog);
    openAction->setShortcut(QKeySequence::Open);
    openAction->setStatusTip(tr("Open an existing Sense-7 data set"));
    m_recentMenu = file->addMenu(tr("Open &recent"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::populateRecentMenu);
    populateRecentMenu();
    file->addSeparator();
    m_importAction = file->addAction(tr("&Import…"), this, &MainWindow::importWithDialog);
    m_importAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    m_importAction->setStatusTip(
        tr("Import chat exports (ChatGPT, Claude, JSON, CSV), research data "
           "sets, ratings or Sense-7 bundles; you can also drop files on "
           "the window"));
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *about = help->addAction(tr("&About Sense-7 Studio"), this, &MainWindow::showAbout);
    about->setMenuRole(QAction::AboutRole);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

QString MainWindow::openDataSet(const QString &path)
{
    std::unique_ptr<Store> store;
    try {
        store = Store::open(path);
    } catch (const Error &e) {
        m_settings.removeRecentDataSet(path);
        return e.message();
    }
    m_turns->setStore(nullptr);
    m_conversations->setStore(nullptr);
    m_store = std::move(store);
    m_conversations->setStore(m_store.get());
    m_turns->setStore(m_store.get());

    const QString absolute = QFileInfo(path).absoluteFilePath();
    m_settings.setLastDataSet(absolute);
    m_settings.addRecentDataSet(absolute);
    setWindowFilePath(absolute);
    setWindowTitle(tr("%1%2 — Sense-7 Studio")
                       .arg(QFileInfo(path).fileName(),
                            m_store->isReadOnly() ? tr(" [read-only]") : QString()));
    selectConversationRow(0);
    updateStatus();
    return {};
}

void MainWindow::selectConversationRow(int row)
{
    if (row < 0 || row >= m_sorted->rowCount()) {
        m_turns->setConversation(0);
        return;
    }
    m_list->setCurrentIndex(m_sorted->index(row, ConversationTableModel::Title));
    m_list->selectRow(row);
}

void MainWindow::conversationSelected()
{
    const QModelIndex current = m_list->currentIndex();
    m_turns->setConversation(
        current.isValid() ? current.data(ConversationTableModel::IdRole).toLongLong() : 0);
}

void MainWindow::newDataSet()
{
    const QString folder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    QString path = QFileDialog::getSaveFileName(
        this, tr("New data set"), QDir(folder).filePath(tr("study.sense7")), tr(fileFilter));
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".sense7");
    try {
        // The file dialog has already asked before replacing an existing file.
        if (QFileInfo::exists(path) && !QFile::remove(path))
            throw Error(tr("Cannot replace %1.").arg(path));
        Store::create(path);
    } catch (const Error &e) {
        showError(e.message());
        return;
    }
    if (const QString error = openDataSet(path); !error.isEmpty())
        showError(error);
}

void MainWindow::openWithDialog()
{
    const QString start = m_store ? QFileInfo(m_store->path()).absolutePath() : QString();
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Open data set"), start, tr(fileFilter));
    if (!path.isEmpty())
        openFromMenu(path);
}

void MainWindow::openFromMenu(const QString &path)
{
    if (const QString error = openDataSet(path); !error.isEmpty())
        showError(error);
}

void MainWindow::importWithDialog()
{
    const QString folder = QStandardPaths::writableLocation(QStandardPaths::DownloadLocation);
    const QStringList files = QFileDialog::getOpenFileNames(
        this, tr("Import"), folder,
        tr("Exports and data sets (*.json *.zip *.jsonl *.csv *.tsv *.txt);;All files (*)"));
    if (!files.isEmpty())
        importFiles(files);
}

void MainWindow::importFiles(const QStringList &files)
{
    if (!m_store || m_store->isReadOnly()) {
        showError(
            m_store
                ? tr("%1 is open read-only: nothing can be imported into it.").arg(m_store->path())
                : tr("Open or create a data set first."));
        return;
    }
    QString participant;
    if (ImportController::needsParticipant(*m_store, files)) {
        QStringList codes;
        for (const Participant &p : m_store->participants())
            codes << p.code;
        bool ok = false;
        participant =
            QInputDialog::getItem(this, tr("Import"),
                                  tr("Whose conversations are these? Choose a participant "
                                     "or type a new code."),
                                  codes, 0, true, &ok)
                .trimmed();
        if (!ok || participant.isEmpty())
            return;
    }
    ImportController controller(this);
    const auto outcomes = controller.run(*m_store, files, participant);
    auto *box = new QMessageBox(QMessageBox::Information, tr("Import"),
                                ImportController::report(outcomes), QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("importSummary"));
    box->setTextFormat(Qt::RichText);
    box->setAttribute(Qt::WA_DeleteOnClose);
    for (const auto &o : outcomes) {
        if (!o.summary)
            box->setIcon(QMessageBox::Warning);
    }
    box->open();
    if (m_list->currentIndex().row() < 0)
        selectConversationRow(0);
    updateStatus();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (event->mimeData()->hasUrls() && m_store && !m_store->isReadOnly()) {
        for (const QUrl &url : event->mimeData()->urls()) {
            if (!url.isLocalFile())
                return;
        }
        event->acceptProposedAction();
    }
}

void MainWindow::dropEvent(QDropEvent *event)
{
    QStringList files;
    for (const QUrl &url : event->mimeData()->urls())
        files << url.toLocalFile();
    event->acceptProposedAction();
    // Leave the drop handler first: the import shows dialogs of its own.
    QMetaObject::invokeMethod(
        this, [this, files] { importFiles(files); }, Qt::QueuedConnection);
}

void MainWindow::populateRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = m_settings.recentDataSets();
    for (const QString &path : recent) {
        QAction *action = m_recentMenu->addAction(QFileInfo(path).fileName(), this,
                                                  [this, path] { openFromMenu(path); });
        action->setToolTip(path);
        action->setStatusTip(path);
    }
    m_recentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About Sense-7 Studio"), about::text());
}

void MainWindow::showError(const QString &message)
{
    QMessageBox::warning(this, tr("Sense-7 Studio"), message);
}

void MainWindow::updateStatus()
{
    if (!m_store) {
        m_statusCounts->setText(tr("No data set open"));
        m_statusNotice->clear();
        return;
    }
    const DataSetInfo info = m_store->info();
    m_statusCounts->setText(tr("Participants: %1 · Conversations: %2 · Assistant turns: %3")
                                .arg(info.participants)
                                .arg(info.conversations)
                                .arg(info.assistantTurns));
    QStringList notices;
    if (info.sourceFormats.contains(QLatin1String("demo")))
        notices << tr("Illustrative demo data, not study data");
    if (info.readOnly)
        notices << tr("Read-only");
    m_statusNotice->setText(notices.join(QStringLiteral(" · ")));
    m_importAction->setEnabled(!info.readOnly);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    m_settings.setMainWindowGeometry(saveGeometry());
    m_settings.setMainWindowState(saveState());
    m_settings.setSplitterState(m_splitter->saveState());
    event->accept();
}

} // namespace sense7
